import { ADMIN_MEMBER_SORTS, type AdminMemberRow, type AdminMemberSort } from '@store/contracts';
import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { AdminList, AdminTable, FilterSelect, SearchBox, SortHeader } from '../../components/list-parts.tsx';
import { useListState } from '../../components/use-list-state.ts';
import type { ListDefaults } from '../../utils/list-params.ts';
import { useMembers } from '../api/members.ts';
import { StatusBadge } from './status-badge.tsx';
import './members.css';

type Status = 'all' | 'attention';
const DEFAULTS: ListDefaults<AdminMemberSort, Status> = {
  sorts: ADMIN_MEMBER_SORTS,
  sort: 'joined',
  order: 'desc',
  filters: ['all', 'attention'],
  filter: 'all',
};
const STATUS_OPTIONS = [
  { value: 'all', label: 'Everyone' },
  { value: 'attention', label: 'Failed refund or dispute' },
] as const;
const PAGE_SIZE = 20;
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** Everyone with an account: searched by email, name or order number, sorted and paged on the server. */
export function MembersPage() {
  const [list, update] = useListState(DEFAULTS);
  const query = useMembers({
    q: list.q || undefined,
    status: list.filter,
    sort: list.sort,
    order: list.order,
    page: list.page,
    pageSize: PAGE_SIZE,
  });
  const sortProps = { sort: list.sort, order: list.order, onSort: update };
  return (
    <>
      <PageTitle title="Members" />
      <header className="admin-page__header">
        <div>
          <h1>Members</h1>
          <p className="admin-page__intro">
            Find a member by email, name or order number to see their membership, orders and payments, and to
            act on them.
          </p>
        </div>
      </header>
      <AdminList
        label="Members"
        query={query}
        onPage={(page) => update({ page })}
        toolbar={
          <>
            <SearchBox
              label="Search by email, name or order number"
              value={list.q}
              onSearch={(q) => update({ q })}
            />
            <FilterSelect
              label="Show"
              value={list.filter}
              options={STATUS_OPTIONS}
              onChange={(filter) => update({ filter })}
            />
          </>
        }
        emptyText={
          list.q
            ? `No one matches “${list.q}”.`
            : list.filter === 'attention'
              ? 'No failed refunds or disputes. Nothing needs attention.'
              : 'No members yet.'
        }
      >
        {(items) => (
          <AdminTable
            caption={`Members, sorted by ${list.sort}`}
            items={items}
            columns={
              <>
                <SortHeader column="email" label="Email" {...sortProps} />
                <SortHeader column="name" label="Name" {...sortProps} />
                <th scope="col">Membership</th>
                <th scope="col">Next billing</th>
                <SortHeader column="joined" label="Joined" {...sortProps} />
              </>
            }
            row={(m) => <MemberRow key={m.id} member={m} />}
          />
        )}
      </AdminList>
    </>
  );
}

export function fullName(m: { firstName: string | null; lastName: string | null }): string {
  return [m.firstName, m.lastName].filter(Boolean).join(' ');
}

function MemberRow({ member: m }: { member: AdminMemberRow }) {
  return (
    <tr>
      <th scope="row" className="admin-table__title">
        <Link to={`/admin/members/${m.id}`}>{m.email}</Link>
        {m.hasFailedRefund || m.isDisputed ? (
          <span className="admin-table__sub">
            {m.hasFailedRefund ? <span className="admin-badge admin-badge--alert">Refund failed</span> : null}
            {m.isDisputed ? <span className="admin-badge admin-badge--alert">Disputed</span> : null}
          </span>
        ) : null}
      </th>
      <td>{fullName(m) || <span className="admin-muted">—</span>}</td>
      <td>
        <StatusBadge status={m.subscriptionStatus} />
        {m.scheduleDays ? <span className="admin-table__sub">Every {m.scheduleDays} days</span> : null}
      </td>
      <td className="admin-table__nowrap">
        {m.nextBillingAt && m.subscriptionStatus !== 'canceled' ? (
          <time dateTime={m.nextBillingAt}>{dateFormat.format(new Date(m.nextBillingAt))}</time>
        ) : (
          <span className="admin-muted">—</span>
        )}
      </td>
      <td className="admin-table__nowrap">
        <time dateTime={m.createdAt}>{dateFormat.format(new Date(m.createdAt))}</time>
      </td>
    </tr>
  );
}
