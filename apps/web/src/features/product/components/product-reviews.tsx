import { MIN_REVIEWS_FOR_AVERAGE, type PublicReview, REVIEW_SORTS, type ReviewSort } from '@store/contracts';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { reviewCountText as countText, RatingStars } from '@/components/ui/rating.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useProductReviews } from '../api/get-product-reviews.ts';
import { toggleHelpful } from '../api/mark-review-helpful.ts';

/** Under the title: the members' average and the count, a link down to the reviews; nothing while loading. */
export function ReviewSummary({ productId }: { productId: number }) {
  const { data } = useProductReviews(productId);
  if (!data || data.reviewCount === 0) return null;
  return (
    <p className="review-summary">
      {data.averageRating !== null ? (
        <>
          <RatingStars
            rating={data.averageRating}
            label={`Rated ${data.averageRating} out of 5 by members`}
          />
          <span className="review-summary__average" aria-hidden="true">
            {data.averageRating.toFixed(1)}
          </span>
        </>
      ) : null}
      <a href="#member-reviews">{countText(data.reviewCount)}</a>
    </p>
  );
}

const SORT_LABELS: Record<ReviewSort, string> = { helpful: 'Most helpful', newest: 'Newest' };

/**
 * The members' reviews of the product (docs/look-and-trust.md#social-proof): most helpful first
 * (or newest, as the member picks), first names only, never the hidden ones; each with its
 * helpful count and, for a signed-in member, a Helpful toggle on others' reviews.
 */
export function ProductReviewList({ productId }: { productId: number }) {
  const [sort, setSort] = useState<ReviewSort>('helpful');
  const { data, error, isLoading, reload, viewerId } = useProductReviews(productId, sort);
  const sortId = useId();
  return (
    <section id="member-reviews" className="member-reviews" aria-labelledby="member-reviews-title">
      <div className="member-reviews__head">
        <h2 id="member-reviews-title" className="member-reviews__title">
          Member reviews
        </h2>
        {data && data.reviewCount > 1 ? (
          <p className="member-reviews__sort">
            <label htmlFor={sortId}>Sort by</label>
            <select id={sortId} value={sort} onChange={(e) => setSort(e.target.value as ReviewSort)}>
              {REVIEW_SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </p>
        ) : null}
      </div>
      {isLoading ? (
        <p className="member-reviews__status" role="status">
          Loading the reviews...
        </p>
      ) : error || !data ? (
        <p className="member-reviews__status" role="alert">
          We could not load the reviews.{' '}
          <button type="button" className="product-link-button" onClick={reload}>
            Try again
          </button>
        </p>
      ) : data.reviewCount === 0 ? (
        <p className="member-reviews__status">
          No member has reviewed this product yet. Members review the samples in their box.
        </p>
      ) : (
        <>
          <p className="member-reviews__lead">
            {data.averageRating !== null
              ? `${data.averageRating.toFixed(1)} out of 5 from ${countText(data.reviewCount)}, written by members who tried it in their box.`
              : `${countText(data.reviewCount)} so far: an average shows from ${MIN_REVIEWS_FOR_AVERAGE} reviews on.`}
          </p>
          <ul className="member-reviews__list">
            {data.reviews.map((review) => (
              <li key={review.id} className="member-review">
                <RatingStars rating={review.rating} label={`${review.rating} out of 5 stars`} />
                <p className="member-review__text">{review.description}</p>
                <p className="member-review__by" id={`review-by-${review.id}`}>
                  {review.firstName},{' '}
                  <time dateTime={review.dateCreated}>
                    {new Date(review.dateCreated).toLocaleDateString('en-US', {
                      month: 'long',
                      day: 'numeric',
                      year: 'numeric',
                    })}
                  </time>
                </p>
                <HelpfulVote review={review} list={{ productId, sort, viewerId }} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

const helpfulText = (n: number) =>
  n === 0
    ? 'No member has marked it helpful yet.'
    : `${n} ${n === 1 ? 'member' : 'members'} found it helpful.`;

/**
 * Under a review: a "Helpful (n)" toggle for a signed-in member on someone else's review; the
 * count alone on their own review; the count and a way to log in for a visitor. A vote shows at
 * once and is taken back, with the reason, if the server did not keep it.
 */
function HelpfulVote({
  review,
  list,
}: {
  review: PublicReview;
  list: { productId: number; sort: ReviewSort; viewerId: string | undefined };
}) {
  const [isSaving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { pathname, search } = useLocation();

  if (!list.viewerId) {
    return (
      <p className="member-review__helpful member-review__helpful--note">
        {helpfulText(review.helpfulCount)}{' '}
        <Link to={paths.login(`${pathname}${search}`)}>Log in to mark reviews helpful.</Link>
      </p>
    );
  }
  if (review.isMine) {
    return (
      <p className="member-review__helpful member-review__helpful--note">
        Your review. {helpfulText(review.helpfulCount)}
      </p>
    );
  }
  const onToggle = async () => {
    if (isSaving) return;
    setSaving(true);
    setFailure(null);
    try {
      await toggleHelpful(list, review);
    } catch (error) {
      setFailure(
        `Your vote was not saved. ${error instanceof ApiError ? error.message : 'Please try again.'}`,
      );
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="member-review__helpful">
      <button
        type="button"
        className="helpful-toggle"
        aria-pressed={review.isMarkedHelpful}
        aria-describedby={`review-by-${review.id}`}
        onClick={onToggle}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            fill="currentColor"
            d="M2 21h4V9H2v12Zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6c-.4.4-.6.9-.6 1.4v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2Z"
          />
        </svg>
        Helpful ({review.helpfulCount})
      </button>
      {failure ? (
        <span className="member-review__helpful-error" role="alert">
          {failure}
        </span>
      ) : null}
    </div>
  );
}
