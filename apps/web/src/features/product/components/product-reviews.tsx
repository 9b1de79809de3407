import { MIN_REVIEWS_FOR_AVERAGE } from '@store/contracts';
import { reviewCountText as countText, RatingStars } from '@/components/ui/rating.tsx';
import { useProductReviews } from '../api/get-product-reviews.ts';

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

/** The members' reviews of the product: newest first, first names only, never the hidden ones. */
export function ProductReviewList({ productId }: { productId: number }) {
  const { data, error, isLoading, reload } = useProductReviews(productId);
  return (
    <section id="member-reviews" className="member-reviews" aria-labelledby="member-reviews-title">
      <h2 id="member-reviews-title" className="member-reviews__title">
        Member reviews
      </h2>
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
            {data.reviewCount > 1 ? ' Newest first.' : null}
          </p>
          <ul className="member-reviews__list">
            {data.reviews.map((review) => (
              <li key={review.id} className="member-review">
                <RatingStars rating={review.rating} label={`${review.rating} out of 5 stars`} />
                <p className="member-review__text">{review.description}</p>
                <p className="member-review__by">
                  {review.firstName},{' '}
                  <time dateTime={review.dateCreated}>
                    {new Date(review.dateCreated).toLocaleDateString('en-US', {
                      month: 'long',
                      day: 'numeric',
                      year: 'numeric',
                    })}
                  </time>
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
