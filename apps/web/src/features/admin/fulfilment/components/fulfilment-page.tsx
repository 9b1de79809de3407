import {
  type AdminFulfilmentBox,
  displayOrderNumber,
  FULFILMENT_BOX_SORTS,
  FULFILMENT_STAGE_NAMES,
  FULFILMENT_STAGES,
  type FulfilmentBoxSort,
  type FulfilmentStage,
  productName,
} from '@store/contracts';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { notify } from '@/lib/notifications.ts';
import { AdminList, AdminTable, errorText, SortHeader, When } from '../../components/list-parts.tsx';
import { useListState } from '../../components/use-list-state.ts';
import type { ListDefaults } from '../../utils/list-params.ts';
import { assembleBoxes, batchSummary, deliverBoxes, shipBoxes } from '../api/box-actions.ts';
import { useBoxes } from '../api/get-boxes.ts';
import { itemNote, packingCaption, samplesToChoose } from '../utils/packing.ts';
import { ShipForm } from './ship-form.tsx';
import './fulfilment.css';

const DEFAULTS: ListDefaults<FulfilmentBoxSort, FulfilmentStage> = {
  sorts: FULFILMENT_BOX_SORTS,
  sort: 'deadline',
  filters: FULFILMENT_STAGES,
  filter: 'assembly',
};
const PAGE_SIZE = 20;

const EMPTY: Record<FulfilmentStage, string> = {
  build: 'No member is building a box right now.',
  assembly: 'Nothing to assemble or ship. Boxes arrive here when their build window closes.',
  shipping: 'No box is on its way.',
  delivered: 'No delivered boxes in the current cycles.',
};

const INTRO: Record<FulfilmentStage, string> = {
  build:
    'Members are choosing their 2 samples. Marking a box assembled closes its window now; the store chooses any sample still open.',
  assembly:
    'The build window closed: pack these boxes (and any replacement box granted to a member), then ship them with a tracking number each.',
  shipping: 'On their way. Mark them delivered when the carrier confirms; members move to Taste & Review.',
  delivered: 'Delivered boxes of the current cycles.',
};

/** The current cycle's boxes by stage, with batch actions on the selected ones (docs/product.md#back-office). */
export function FulfilmentPage() {
  const [list, update] = useListState(DEFAULTS);
  const stage = list.filter;
  const query = useBoxes({
    stage,
    sort: list.sort,
    order: list.order,
    page: list.page,
    pageSize: PAGE_SIZE,
  });
  const { data } = query;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [isShipping, setShipping] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const navigate = useNavigate();

  // A new stage or page starts with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's address is the trigger
  useEffect(() => {
    setSelected(new Set());
    setShipping(false);
  }, [stage, list.page, list.sort, list.order]);

  const rows = data?.items ?? [];
  const chosen = rows.filter((b) => selected.has(b.orderId));
  const allChosen = rows.length > 0 && chosen.length === rows.length;

  function toggle(orderId: string) {
    const next = new Set(selected);
    if (next.has(orderId)) next.delete(orderId);
    else next.add(orderId);
    setSelected(next);
  }

  async function run(name: string, action: () => Promise<string>) {
    setBusy(name);
    try {
      notify(await action(), 'success');
      setSelected(new Set());
      setShipping(false);
    } catch (err) {
      notify(errorText(err), 'error');
    } finally {
      setBusy(null);
    }
  }

  const ids = chosen.map((b) => b.orderId);
  const canAssemble = stage === 'build' || stage === 'assembly';
  const canShip = stage === 'build' || stage === 'assembly';
  const canDeliver = stage === 'shipping';

  return (
    <>
      <PageTitle title="Fulfillment" />
      <header className="admin-page__header">
        <div>
          <h1>Fulfillment</h1>
          <p className="admin-page__intro">{INTRO[stage]}</p>
        </div>
      </header>
      <fieldset className="admin-tabs fulfilment-stages">
        <legend className="visually-hidden">Stage</legend>
        {FULFILMENT_STAGES.map((s) => (
          <label key={s} className="admin-tabs__tab">
            <input
              type="radio"
              name="fulfilment-stage"
              value={s}
              checked={stage === s}
              onChange={() => update({ filter: s })}
            />
            <span>{FULFILMENT_STAGE_NAMES[s]}</span>
          </label>
        ))}
      </fieldset>

      <div className="fulfilment-actions" role="toolbar" aria-label="Selected boxes">
        <p className="fulfilment-actions__count" aria-live="polite">
          {chosen.length ? `${chosen.length} selected` : 'Select boxes to act on them'}
        </p>
        {canAssemble ? (
          <Button
            variant="secondary"
            className="btn--small"
            disabled={!chosen.length || busy !== null}
            isLoading={busy === 'assemble'}
            loadingLabel="Marking assembled"
            onClick={() =>
              run('assemble', async () => batchSummary(await assembleBoxes(ids), 'marked assembled'))
            }
          >
            Mark assembled
          </Button>
        ) : null}
        {canShip ? (
          <Button
            className="btn--small"
            disabled={!chosen.length || busy !== null}
            onClick={() => setShipping(true)}
            aria-expanded={isShipping}
          >
            Ship…
          </Button>
        ) : null}
        {canDeliver ? (
          <Button
            className="btn--small"
            disabled={!chosen.length || busy !== null}
            isLoading={busy === 'deliver'}
            loadingLabel="Marking delivered"
            onClick={() => run('deliver', async () => batchSummary(await deliverBoxes(ids), 'delivered'))}
          >
            Mark delivered
          </Button>
        ) : null}
        <Button
          variant="secondary"
          className="btn--small"
          disabled={!chosen.length}
          onClick={() => navigate(`/admin/fulfilment/packing?ids=${ids.join(',')}`)}
        >
          Print packing lists
        </Button>
      </div>

      {isShipping && chosen.length ? (
        <ShipForm
          targets={chosen}
          noun="box"
          onCancel={() => setShipping(false)}
          onShip={(shipments) => run('ship', async () => batchSummary(await shipBoxes(shipments), 'shipped'))}
        />
      ) : null}

      <AdminList label="Boxes" query={query} onPage={(page) => update({ page })} emptyText={EMPTY[stage]}>
        {(items) => (
          <AdminTable
            caption={`Boxes at ${FULFILMENT_STAGE_NAMES[stage]}, sorted by ${list.sort}`}
            className="fulfilment-table"
            items={items}
            columns={
              <>
                <th scope="col" className="fulfilment-table__check">
                  <input
                    type="checkbox"
                    aria-label="Select every box on this page"
                    checked={allChosen}
                    onChange={() => setSelected(allChosen ? new Set() : new Set(rows.map((b) => b.orderId)))}
                  />
                </th>
                <SortHeader column="order" label="Order" {...sortProps(list, update)} />
                <SortHeader column="member" label="Member" {...sortProps(list, update)} />
                <th scope="col">Box</th>
                <th scope="col">Contents</th>
                <SortHeader column="deadline" label="Status" {...sortProps(list, update)} />
              </>
            }
            row={(box) => (
              <BoxRow
                key={box.orderId}
                box={box}
                isSelected={selected.has(box.orderId)}
                onToggle={() => toggle(box.orderId)}
              />
            )}
          />
        )}
      </AdminList>
    </>
  );
}

function sortProps(
  list: { sort: FulfilmentBoxSort; order: 'asc' | 'desc' },
  update: (change: { sort: FulfilmentBoxSort; order: 'asc' | 'desc' }) => void,
) {
  return { sort: list.sort, order: list.order, onSort: update };
}

function BoxRow({
  box,
  isSelected,
  onToggle,
}: {
  box: AdminFulfilmentBox;
  isSelected: boolean;
  onToggle: () => void;
}) {
  const toChoose = samplesToChoose(box.kind, box.items);
  return (
    <tr className={isSelected ? 'fulfilment-table__row--selected' : undefined}>
      <td className="fulfilment-table__check">
        <input
          type="checkbox"
          checked={isSelected}
          onChange={onToggle}
          aria-label={`Select order ${displayOrderNumber(box.orderNumber)} (${box.memberName})`}
        />
      </td>
      <th scope="row" className="admin-table__title">
        {displayOrderNumber(box.orderNumber)}
        <Link
          to={`/admin/fulfilment/packing?ids=${box.orderId}`}
          className="admin-table__sub"
          aria-label={`Packing list of order ${displayOrderNumber(box.orderNumber)}`}
        >
          Packing list
        </Link>
      </th>
      <td className="fulfilment-table__member">
        {box.memberName}
        <span className="admin-table__sub">{box.email}</span>
      </td>
      <td className="admin-table__nowrap">
        {box.boxMonth}
        <span className="admin-table__sub">
          {box.kind === 'replacement'
            ? 'Replacement (no charge)'
            : box.cycleIndex === 0
              ? 'First box'
              : `Box ${box.cycleIndex + 1}`}
        </span>
      </td>
      <td>
        <ul className="fulfilment-items" aria-label={packingCaption(box.items)}>
          {box.items.map((item) => (
            <li key={`${item.productId}-${item.isTub}`}>
              {/* Brand, title and flavor: the operator picks the packet (or the tub) from this line. */}
              {item.brand} {productName(item)}
              {item.isTub ? (
                <span className="admin-badge fulfilment-items__tub">{itemNote(item)}</span>
              ) : item.isPrimePick ? (
                <span className="admin-badge fulfilment-items__prime">Prime pick</span>
              ) : null}
            </li>
          ))}
          {toChoose > 0 ? <li className="fulfilment-items__open">{toChoose} still to choose</li> : null}
        </ul>
      </td>
      <td>
        <BoxStatus box={box} />
      </td>
    </tr>
  );
}

function BoxStatus({ box }: { box: AdminFulfilmentBox }) {
  switch (box.stage) {
    case 'build':
      return (
        <>
          Window closes <When iso={box.buildDeadlineAt} />
        </>
      );
    case 'assembly':
      return box.assembledAt ? (
        <>
          Assembled <When iso={box.assembledAt} />
        </>
      ) : (
        <>
          To assemble{' '}
          <span className="admin-table__sub">
            since <When iso={box.buildDeadlineAt} />
          </span>
        </>
      );
    case 'shipping':
      return (
        <>
          Shipped {box.shippedAt ? <When iso={box.shippedAt} /> : null}
          {box.trackingNumber ? (
            <span className="admin-table__sub fulfilment-tracking">{box.trackingNumber}</span>
          ) : null}
        </>
      );
    case 'delivered':
      return (
        <>
          Delivered {box.deliveredAt ? <When iso={box.deliveredAt} /> : null}
          {box.trackingNumber ? (
            <span className="admin-table__sub fulfilment-tracking">{box.trackingNumber}</span>
          ) : null}
        </>
      );
  }
}
