import { type AdminCoupon, formatUsd } from '@store/contracts';
import { useState } from 'react';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { notify } from '@/lib/notifications.ts';
import {
  AdminList,
  AdminTable,
  errorText,
  FilterSelect,
  SearchBox,
  SortHeader,
  When,
} from '../../components/list-parts.tsx';
import { useListState } from '../../components/use-list-state.ts';
import type { ListDefaults } from '../../utils/list-params.ts';
import { changeCoupon, useCoupons } from '../api/coupons.ts';
import { CouponForm } from './coupon-form.tsx';
import '../../members/components/members.css';

type Sort = 'created' | 'code' | 'usage' | 'expires';
type Status = 'all' | 'active' | 'inactive';

const DEFAULTS: ListDefaults<Sort, Status> = {
  sorts: ['created', 'code', 'usage', 'expires'],
  sort: 'created',
  order: 'desc',
  filters: ['all', 'active', 'inactive'],
  filter: 'all',
};
const PAGE_SIZE = 20;
const STATUS_OPTIONS = [
  { value: 'all', label: 'All coupons' },
  { value: 'active', label: 'Turned on' },
  { value: 'inactive', label: 'Turned off' },
] as const;
const STATE_NAMES: Record<AdminCoupon['state'], string> = {
  active: 'Active',
  scheduled: 'Not started',
  expired: 'Expired',
  used_up: 'Used up',
  inactive: 'Off',
};

/** Coupons: create one, see how often each was used, expire or turn one off. */
export function CouponsPage() {
  const [list, update] = useListState(DEFAULTS);
  const query = useCoupons({
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
      <PageTitle title="Coupons" />
      <header className="admin-page__header">
        <div>
          <h1>Coupons</h1>
          <p className="admin-page__intro">
            Members apply a code in their cart; each member can use a coupon once.
          </p>
        </div>
      </header>
      <CouponForm />
      <AdminList
        label="Coupons"
        query={query}
        onPage={(page) => update({ page })}
        toolbar={
          <>
            <SearchBox label="Search by code" value={list.q} onSearch={(q) => update({ q })} />
            <FilterSelect
              label="Show"
              value={list.filter}
              options={STATUS_OPTIONS}
              onChange={(filter) => update({ filter })}
            />
          </>
        }
        emptyText={list.q ? `No coupon matches “${list.q}”.` : 'No coupons yet.'}
      >
        {(items) => (
          <AdminTable
            caption={`Coupons, sorted by ${list.sort}`}
            items={items}
            columns={
              <>
                <SortHeader column="code" label="Code" {...sortProps} />
                <th scope="col">Discount</th>
                <th scope="col">State</th>
                <SortHeader column="usage" label="Used" className="admin-table__number" {...sortProps} />
                <SortHeader column="expires" label="Expires" {...sortProps} />
                <SortHeader column="created" label="Created" {...sortProps} />
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </>
            }
            row={(c) => <CouponRow key={c.id} coupon={c} />}
          />
        )}
      </AdminList>
    </>
  );
}

function CouponRow({ coupon: c }: { coupon: AdminCoupon }) {
  const [isBusy, setBusy] = useState(false);
  async function act(action: 'expire' | 'deactivate' | 'activate', done: string) {
    setBusy(true);
    try {
      await changeCoupon(c.id, action);
      notify(done, 'success');
    } catch (error) {
      notify(errorText(error), 'error');
    } finally {
      setBusy(false);
    }
  }
  const discount =
    c.kind === 'percent'
      ? `${c.percentOff}% off`
      : c.kind === 'fixed'
        ? `${formatUsd(c.amountOffCents ?? 0)} off`
        : 'One free tub';
  const stateClass =
    c.state === 'active'
      ? 'admin-badge admin-badge--done'
      : c.state === 'scheduled'
        ? 'admin-badge admin-badge--todo'
        : 'admin-badge';
  return (
    <tr
      className={c.state === 'active' || c.state === 'scheduled' ? undefined : 'admin-table__row--archived'}
    >
      <th scope="row" className="admin-table__title">
        {c.code}
        {c.description ? <span className="admin-table__sub">{c.description}</span> : null}
        {c.identityId ? <span className="admin-table__sub">One member only</span> : null}
      </th>
      <td>{discount}</td>
      <td>
        <span className={stateClass}>{STATE_NAMES[c.state]}</span>
        {c.startsAt && c.state === 'scheduled' ? (
          <span className="admin-table__sub">
            from <When iso={c.startsAt} />
          </span>
        ) : null}
      </td>
      <td className="admin-table__number">
        {c.usageCount}
        {c.maxRedemptions !== null ? ` / ${c.maxRedemptions}` : ''}
      </td>
      <td className="admin-table__nowrap">
        {c.expiresAt ? <When iso={c.expiresAt} /> : <span className="admin-muted">Never</span>}
      </td>
      <td className="admin-table__nowrap">
        <When iso={c.createdAt} />
      </td>
      <td className="admin-table__actions">
        {c.state !== 'expired' ? (
          <button
            type="button"
            className="admin-link-button"
            disabled={isBusy}
            onClick={() => act('expire', `${c.code} has expired.`)}
            aria-label={`Expire now: ${c.code}`}
          >
            Expire now
          </button>
        ) : null}
        <button
          type="button"
          className="admin-link-button"
          disabled={isBusy}
          onClick={() =>
            act(
              c.isActive ? 'deactivate' : 'activate',
              c.isActive ? `${c.code} is turned off.` : `${c.code} is turned on.`,
            )
          }
          aria-label={`${c.isActive ? 'Deactivate' : 'Activate'} ${c.code}`}
        >
          {c.isActive ? 'Deactivate' : 'Activate'}
        </button>
      </td>
    </tr>
  );
}
