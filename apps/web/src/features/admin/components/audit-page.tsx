import { type AdminAuditEntry, AUDIT_ENTITY_TYPES, type AuditEntityType } from '@store/contracts';
import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { useAuditLog } from '../api/get-audit-log.ts';
import { changedFields, entityNameOf } from '../utils/audit-diff.ts';
import type { ListDefaults } from '../utils/list-params.ts';
import { AdminList, AdminTable, FilterSelect, When } from './list-parts.tsx';
import { useListState } from './use-list-state.ts';

type Filter = AuditEntityType | 'all';

const DEFAULTS: ListDefaults<'newest', Filter> = {
  sorts: ['newest'],
  sort: 'newest',
  filters: ['all', ...AUDIT_ENTITY_TYPES],
  filter: 'all',
};
const PAGE_SIZE = 25;
const ENTITY_LABELS: Record<AuditEntityType, string> = {
  product: 'Product',
  brand: 'Brand',
  upload: 'Image',
  contact_message: 'Message',
  partner_request: 'Partner request',
  subscription: 'Membership',
  order: 'Order',
  coupon: 'Coupon',
  review: 'Review',
  issue_report: 'Issue report',
};

/** The audit log: who changed what and when, newest first, with each change's fields. */
export function AuditPage() {
  const [list, update] = useListState(DEFAULTS);
  const query = useAuditLog({
    entityType: list.filter === 'all' ? undefined : list.filter,
    page: list.page,
    pageSize: PAGE_SIZE,
  });

  return (
    <>
      <PageTitle title="Audit log" />
      <header className="admin-page__header">
        <div>
          <h1>Audit log</h1>
          <p className="admin-page__intro">Every change made in the back office, with what it was before.</p>
        </div>
      </header>
      <AdminList
        label="Audit log"
        query={query}
        onPage={(page) => update({ page })}
        toolbar={
          <FilterSelect
            label="Show changes to"
            value={list.filter}
            options={[
              { value: 'all', label: 'Everything' },
              ...AUDIT_ENTITY_TYPES.map((t) => ({ value: t, label: `${ENTITY_LABELS[t]}s` })),
            ]}
            onChange={(filter) => update({ filter })}
          />
        }
        emptyText="No changes recorded yet."
      >
        {(items) => (
          <AdminTable
            caption="Changes, newest first"
            className="admin-table--audit"
            items={items}
            columns={
              <>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Changes</th>
              </>
            }
            row={(entry) => <AuditRow key={entry.id} entry={entry} />}
          />
        )}
      </AdminList>
    </>
  );
}

function entityLink(entry: AdminAuditEntry): string | undefined {
  if (entry.entityType === 'product') return `/admin/catalog/${entry.entityId}`;
  return undefined;
}

function AuditRow({ entry }: { entry: AdminAuditEntry }) {
  const changes = changedFields(entry.before, entry.after);
  const label = ENTITY_LABELS[entry.entityType as AuditEntityType] ?? entry.entityType;
  const link = entityLink(entry);
  const verb = entry.action.slice(entry.action.indexOf('.') + 1);
  const name = entityNameOf(entry);
  return (
    <tr>
      <td className="admin-table__nowrap">
        <When iso={entry.createdAt} />
      </td>
      <td>{entry.actorEmail}</td>
      <td>
        <span className="admin-badge">{verb}</span> {label}{' '}
        {link ? <Link to={link}>#{entry.entityId}</Link> : null}
        <span className="admin-table__sub">{name ?? entry.entityId}</span>
      </td>
      <td>
        {changes.length === 0 ? (
          <span className="admin-table__sub">No field changed</span>
        ) : (
          <details className="admin-changes">
            <summary>
              {changes.length} field{changes.length === 1 ? '' : 's'}:{' '}
              {changes
                .map((c) => c.field)
                .slice(0, 4)
                .join(', ')}
              {changes.length > 4 ? '…' : ''}
            </summary>
            <dl>
              {changes.map((c) => (
                <div key={c.field}>
                  <dt>{c.field}</dt>
                  <dd>
                    <span className="admin-changes__before">{c.before}</span>
                    <span aria-hidden="true"> → </span>
                    <span className="visually-hidden"> changed to </span>
                    <span className="admin-changes__after">{c.after}</span>
                  </dd>
                </div>
              ))}
            </dl>
          </details>
        )}
      </td>
    </tr>
  );
}
