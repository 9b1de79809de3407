import { Spinner } from '@/components/ui/spinner.tsx';
import { errorText } from '../../components/list-parts.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { useCancelOffers } from '../api/get-cancel-offers.ts';
import type { DashboardPeriod } from '../api/get-dashboard.ts';

const OFFER_NAMES: Record<string, string> = {
  new_brands: 'Prime picks from untried brands',
  half_price_box: 'Next box at half price',
  replacement_box: 'Replacement box and a note to the team',
  pause_two_boxes: 'Pause of two boxes',
};

/**
 * Before a member leaves (docs/product.md#cancel-offers): per reason over the dashboard's period,
 * offers shown (offered), taken (saved) and cancellations with that reason (canceled).
 */
export function CancelOffersPanel({ period }: { period: DashboardPeriod }) {
  const { data, error, isLoading } = useCancelOffers(period);
  return (
    <section className="dashboard" aria-labelledby="cancel-offers-title">
      <h2 id="cancel-offers-title" className="dashboard__title">
        Cancel offers
      </h2>
      {isLoading ? (
        <p className="admin-state">
          <Spinner label="Loading the cancel offers" /> Loading…
        </p>
      ) : error ? (
        <p className="admin-state admin-state--error" role="alert">
          {errorText(error)}
        </p>
      ) : data ? (
        <TableScroll labelledBy="cancel-offers-title">
          <table className="admin-table">
            <caption className="visually-hidden">
              Cancel offers per reason, {data.from} to {data.to}
            </caption>
            <thead>
              <tr>
                <th scope="col">Reason</th>
                <th scope="col">Offer</th>
                <th scope="col" className="admin-table__number">
                  Offered
                </th>
                <th scope="col" className="admin-table__number">
                  Saved
                </th>
                <th scope="col" className="admin-table__number">
                  Canceled
                </th>
              </tr>
            </thead>
            <tbody>
              {data.reasons.map((r) => (
                <tr key={r.reason}>
                  <th scope="row">{r.name}</th>
                  <td>{OFFER_NAMES[r.kind] ?? r.kind}</td>
                  <td className="admin-table__number">{r.offered}</td>
                  <td className="admin-table__number">{r.saved}</td>
                  <td className="admin-table__number">{r.canceled}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </section>
  );
}
