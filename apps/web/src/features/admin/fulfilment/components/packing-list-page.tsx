import type { AdminPackingList } from '@store/contracts';
import { displayOrderNumber } from '@store/contracts';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { ListState } from '../../components/list-parts.tsx';
import { usePackingLists } from '../api/get-boxes.ts';
import {
  itemNote,
  packingCaption,
  packingCounts,
  packingTitle,
  SAMPLES_PER_BOX,
  samplesToChoose,
} from '../utils/packing.ts';
import './fulfilment.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Packing lists of the boxes in `?ids=`, one per printed page: the print stylesheet hides the
 * site's navigation and the back office's, and prints black on white.
 */
export function PackingListPage() {
  const [params] = useSearchParams();
  const ids = (params.get('ids') ?? '')
    .split(',')
    .filter((id) => UUID.test(id))
    .slice(0, 100);
  const { data, error, isLoading, reload } = usePackingLists(ids);

  return (
    <>
      <PageTitle title="Packing lists" />
      <div className="packing-toolbar no-print">
        <nav className="admin-breadcrumb" aria-label="Breadcrumb">
          <Link to="/admin/fulfilment">Fulfillment</Link> / Packing lists
        </nav>
        <header className="admin-page__header">
          <h1>Packing {ids.length === 1 ? 'list' : 'lists'}</h1>
          {data?.length ? <Button onClick={() => window.print()}>Print</Button> : null}
        </header>
      </div>
      {ids.length === 0 ? (
        <p className="admin-state">
          No box chosen. Select boxes on the <Link to="/admin/fulfilment">fulfillment list</Link> first.
        </p>
      ) : (
        <ListState
          isLoading={isLoading}
          error={error}
          isEmpty={data?.length === 0}
          emptyText="No box found."
          onRetry={reload}
        >
          <div className="packing-lists">
            {data?.map((list) => (
              <PackingSlip key={list.orderId} list={list} />
            ))}
          </div>
        </ListState>
      )}
    </>
  );
}

function PackingSlip({ list }: { list: AdminPackingList }) {
  const toChoose = samplesToChoose(list.kind, list.items);
  const { samples } = packingCounts(list.items);
  return (
    <article
      className="packing-slip"
      aria-label={`Packing list of order ${displayOrderNumber(list.orderNumber)}`}
    >
      <header className="packing-slip__header">
        <div>
          <p className="packing-slip__brand">Sample First</p>
          <h2 className="packing-slip__title">
            {packingTitle(list)} · Order {displayOrderNumber(list.orderNumber)}
          </h2>
        </div>
        {list.trackingNumber ? (
          <p className="packing-slip__tracking">
            Tracking <strong>{list.trackingNumber}</strong>
          </p>
        ) : null}
      </header>
      <div className="packing-slip__parties">
        <section>
          <h3>Ship to</h3>
          {list.shipTo ? (
            <address>
              {list.shipTo.name}
              <br />
              {list.shipTo.street1}
              {list.shipTo.street2 ? (
                <>
                  <br />
                  {list.shipTo.street2}
                </>
              ) : null}
              <br />
              {list.shipTo.city}, {list.shipTo.state} {list.shipTo.postalCode}
            </address>
          ) : (
            <p>No shipping address on this order.</p>
          )}
        </section>
        <section>
          <h3>Member</h3>
          <p>
            {list.memberName}
            <br />
            {list.email}
          </p>
        </section>
      </div>
      <table className="packing-slip__items">
        <caption>{packingCaption(list.items)}</caption>
        <thead>
          <tr>
            <th scope="col" className="packing-slip__tick">
              <span aria-hidden="true">✓</span>
              <span className="visually-hidden">Packed</span>
            </th>
            <th scope="col">Qty</th>
            <th scope="col">Product</th>
            <th scope="col">Brand</th>
            <th scope="col">Flavor</th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((item) => {
            const note = itemNote(item);
            return (
              <tr
                key={`${item.productId}-${item.isTub}`}
                className={item.isTub ? 'packing-slip__row--tub' : undefined}
              >
                <td className="packing-slip__tick">
                  <span className="packing-slip__box" aria-hidden="true" />
                </td>
                <td>{item.quantity}</td>
                <th scope="row">
                  {item.title}
                  {note ? (
                    <span
                      className={
                        item.isTub ? 'packing-slip__note packing-slip__note--tub' : 'packing-slip__note'
                      }
                    >
                      {' '}
                      ({note})
                    </span>
                  ) : null}
                </th>
                <td>{item.brand}</td>
                <td>{item.flavor}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {toChoose > 0 ? (
        <p className="packing-slip__warning">
          This box has {samples} of {SAMPLES_PER_BOX} samples: mark it assembled first so the store chooses
          the rest.
        </p>
      ) : null}
      {list.kind === 'replacement' ? (
        <p className="packing-slip__info">
          A replacement at no charge: pack the samples listed, as they are; nothing is added.
        </p>
      ) : null}
    </article>
  );
}
