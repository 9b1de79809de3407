import { TableScroll } from '../../components/table-scroll.tsx';
import { type Detail, day, Section } from './member-parts.tsx';
import { StatusBadge } from './status-badge.tsx';

/** Every billing cycle of the membership: status, start, billing, shipping and delivery dates. */
export function CyclesSection({ detail }: { detail: Detail }) {
  return (
    <Section id="cycles-title" title="Cycles" count={detail.cycles.length}>
      <TableScroll labelledBy="cycles-title">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Cycle</th>
              <th scope="col">Status</th>
              <th scope="col">Starts</th>
              <th scope="col">Billed</th>
              <th scope="col">Shipped</th>
              <th scope="col">Delivered</th>
            </tr>
          </thead>
          <tbody>
            {detail.cycles.map((c) => (
              <tr key={c.cycleIndex}>
                <th scope="row">#{c.cycleIndex + 1}</th>
                <td>
                  <StatusBadge status={c.status} />
                </td>
                <td className="admin-table__nowrap">{day(c.startsAt)}</td>
                <td className="admin-table__nowrap">{day(c.billedAt)}</td>
                <td className="admin-table__nowrap">{day(c.shippedAt)}</td>
                <td className="admin-table__nowrap">{day(c.deliveredAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Section>
  );
}
