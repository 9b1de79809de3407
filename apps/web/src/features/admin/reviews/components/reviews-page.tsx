import type { AdminReview } from '@store/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { notify } from '@/lib/notifications.ts';
import { AdminList, AdminTable, errorText, FilterSelect, When } from '../../components/list-parts.tsx';
import { useListState } from '../../components/use-list-state.ts';
import type { ListDefaults } from '../../utils/list-params.ts';
import { setReviewHidden, useReviews } from '../api/reviews.ts';
import '../../members/components/members.css';

type Visibility = 'all' | 'visible' | 'hidden';
const DEFAULTS: ListDefaults<'newest', Visibility> = {
  sorts: ['newest'],
  sort: 'newest',
  filters: ['all', 'visible', 'hidden'],
  filter: 'all',
};
const PAGE_SIZE = 20;
const VISIBILITY = [
  { value: 'all', label: 'All reviews' },
  { value: 'visible', label: 'Shown' },
  { value: 'hidden', label: 'Hidden' },
] as const;
type Rating = '' | '1' | '2' | '3' | '4' | '5';
const RATINGS: ReadonlyArray<{ value: Rating; label: string }> = [
  { value: '', label: 'Any rating' },
  ...(['1', '2', '3', '4', '5'] as const).map((r) => ({
    value: r,
    label: `${r} star${r === '1' ? '' : 's'}`,
  })),
];

/** Review moderation: newest first, by rating, product and visibility; hide or show each. */
export function ReviewsPage() {
  const [list, update] = useListState(DEFAULTS);
  const [params, setParams] = useSearchParams();
  const rating = (
    ['1', '2', '3', '4', '5'].includes(params.get('rating') ?? '') ? params.get('rating') : ''
  ) as Rating;
  const productParam = Number(params.get('productId'));
  const productId = Number.isInteger(productParam) && productParam > 0 ? productParam : undefined;
  const query = useReviews({
    hidden: list.filter,
    rating: rating ? Number(rating) : undefined,
    productId,
    page: list.page,
    pageSize: PAGE_SIZE,
  });
  function setParam(name: string, value: string | undefined) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next);
  }
  return (
    <>
      <PageTitle title="Reviews" />
      <header className="admin-page__header">
        <div>
          <h1>Reviews</h1>
          <p className="admin-page__intro">
            A hidden review is left out of every listing and no longer steers the member's matches.
          </p>
        </div>
      </header>
      <AdminList
        label="Reviews"
        query={query}
        onPage={(page) => update({ page })}
        toolbar={
          <>
            <FilterSelect
              label="Rating"
              value={rating}
              options={RATINGS}
              onChange={(r) => setParam('rating', r)}
            />
            <FilterSelect
              label="Show"
              value={list.filter}
              options={VISIBILITY}
              onChange={(filter) => update({ filter })}
            />
            {productId ? (
              <p className="admin-filter">
                Product #{productId}{' '}
                <button
                  type="button"
                  className="admin-link-button"
                  onClick={() => setParam('productId', undefined)}
                >
                  All products
                </button>
              </p>
            ) : null}
          </>
        }
        emptyText="No reviews match."
      >
        {(items) => (
          <AdminTable
            caption="Reviews, newest first"
            items={items}
            columns={
              <>
                <th scope="col">Product</th>
                <th scope="col">Rating</th>
                <th scope="col">Review</th>
                <th scope="col">Member</th>
                <th scope="col">Helpful</th>
                <th scope="col">Written</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </>
            }
            row={(r) => (
              <ReviewRow key={r.id} review={r} onProduct={(id) => setParam('productId', String(id))} />
            )}
          />
        )}
      </AdminList>
    </>
  );
}

function ReviewRow({ review: r, onProduct }: { review: AdminReview; onProduct: (id: number) => void }) {
  const [isBusy, setBusy] = useState(false);
  const isHidden = r.hiddenAt !== null;
  async function toggle() {
    setBusy(true);
    try {
      await setReviewHidden(r.id, !isHidden);
      notify(isHidden ? 'The review is shown again.' : 'The review is hidden.', 'success');
    } catch (error) {
      notify(errorText(error), 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <tr className={isHidden ? 'admin-table__row--archived' : undefined}>
      <th scope="row" className="admin-table__title">
        <button
          type="button"
          className="admin-link-button moderation__product"
          onClick={() => onProduct(r.productId)}
        >
          {r.productTitle}
        </button>
        <span className="admin-table__sub">
          {r.brandName}
          {isHidden ? <span className="admin-badge">Hidden</span> : null}
        </span>
      </th>
      <td className="admin-table__nowrap">
        <span className="visually-hidden">{r.rating} of 5 stars</span>
        <span aria-hidden="true">
          {'★'.repeat(r.rating)}
          <span className="admin-muted">{'☆'.repeat(5 - r.rating)}</span>
        </span>
      </td>
      <td className="moderation__review-text">{r.description}</td>
      <td>{r.memberEmail}</td>
      <td className="admin-table__nowrap">
        {r.helpfulCount}
        <span className="visually-hidden">
          {' '}
          {r.helpfulCount === 1 ? 'member' : 'members'} found it helpful
        </span>
      </td>
      <td className="admin-table__nowrap">
        <When iso={r.createdAt} />
      </td>
      <td className="admin-table__actions">
        <button
          type="button"
          className="admin-link-button"
          onClick={toggle}
          disabled={isBusy}
          aria-label={`${isHidden ? 'Show' : 'Hide'} the review of ${r.productTitle} by ${r.memberEmail}`}
        >
          {isHidden ? 'Show' : 'Hide'}
        </button>
      </td>
    </tr>
  );
}
