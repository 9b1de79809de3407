import {
  ADMIN_PRODUCT_SORTS,
  type AdminProductRow,
  type AdminProductSort,
  formatUsd,
} from '@store/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { notify } from '@/lib/notifications.ts';
import { useProducts } from '../api/get-products.ts';
import { setProductArchived } from '../api/save-product.ts';
import type { ListDefaults } from '../utils/list-params.ts';
import { AdminList, AdminTable, errorText, FilterSelect, SearchBox, SortHeader } from './list-parts.tsx';
import { useListState } from './use-list-state.ts';

type Status = 'active' | 'archived' | 'all';

const DEFAULTS: ListDefaults<AdminProductSort, Status> = {
  sorts: ADMIN_PRODUCT_SORTS,
  sort: 'title',
  filters: ['active', 'archived', 'all'],
  filter: 'active',
};
const PAGE_SIZE = 20;
const STATUS_OPTIONS = [
  { value: 'active', label: 'In the shop' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All products' },
] as const;

/** The products table: searched, sorted and paged on the server. */
export function ProductsPage() {
  const [list, update] = useListState(DEFAULTS);
  const query = useProducts({
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
      <PageTitle title="Products" />
      <header className="admin-page__header">
        <h1>Products</h1>
        <Link to="/admin/catalog/new" className={buttonClass('primary')}>
          New product
        </Link>
      </header>
      <AdminList
        label="Products"
        query={query}
        onPage={(page) => update({ page })}
        toolbar={
          <>
            <SearchBox
              label="Search by title, flavor or brand"
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
        emptyText={list.q ? `No products match “${list.q}”.` : 'No products here yet.'}
      >
        {(items) => (
          <AdminTable
            caption={`Products, sorted by ${list.sort}`}
            items={items}
            columns={
              <>
                <th scope="col" className="admin-table__image">
                  <span className="visually-hidden">Image</span>
                </th>
                <SortHeader column="title" label="Product" {...sortProps} />
                <SortHeader column="brand" label="Brand" {...sortProps} />
                <SortHeader column="price" label="Price" className="admin-table__number" {...sortProps} />
                <SortHeader column="discount" label="Member" className="admin-table__number" {...sortProps} />
                <SortHeader column="stock" label="Samples" className="admin-table__number" {...sortProps} />
                <SortHeader column="updated" label="Updated" {...sortProps} />
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </>
            }
            row={(p) => <ProductRow key={p.id} product={p} />}
          />
        )}
      </AdminList>
    </>
  );
}

const updatedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function ProductRow({ product: p }: { product: AdminProductRow }) {
  const [isBusy, setBusy] = useState(false);
  async function toggleArchived() {
    setBusy(true);
    try {
      await setProductArchived(p.id, p.isActive);
      notify(p.isActive ? `“${p.title}” is archived.` : `“${p.title}” is back in the shop.`, 'success');
    } catch (error) {
      notify(errorText(error), 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <tr className={p.isActive ? undefined : 'admin-table__row--archived'}>
      <td className="admin-table__image">
        <img src={p.tubImagePath} alt="" width={40} height={40} loading="lazy" />
      </td>
      <th scope="row" className="admin-table__title">
        <Link to={`/admin/catalog/${p.id}`}>{p.title}</Link>
        <span className="admin-table__sub">
          {p.flavor} · #{p.id}
          {p.isActive ? null : <span className="admin-badge">Archived</span>}
        </span>
      </th>
      <td>{p.brandName}</td>
      <td className="admin-table__number">{formatUsd(p.listPriceCents)}</td>
      <td className="admin-table__number">
        {formatUsd(p.memberPriceCents)}
        <span className="admin-table__sub">−{p.discountPercent}%</span>
      </td>
      <td className="admin-table__number">{p.sampleStock.toLocaleString('en-US')}</td>
      <td>
        <time dateTime={p.updatedAt}>{updatedFormat.format(new Date(p.updatedAt))}</time>
      </td>
      <td className="admin-table__actions">
        <Link to={`/admin/catalog/${p.id}`} className="admin-link-button" aria-label={`Edit ${p.title}`}>
          Edit
        </Link>
        <button
          type="button"
          className="admin-link-button"
          onClick={toggleArchived}
          disabled={isBusy}
          aria-label={`${p.isActive ? 'Archive' : 'Unarchive'} ${p.title}`}
        >
          {p.isActive ? 'Archive' : 'Unarchive'}
        </button>
      </td>
    </tr>
  );
}
