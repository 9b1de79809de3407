import './rating.css';

/** Five stars filled to `rating` (0-5), read-only; `label` is what a screen reader reads. */
export function RatingStars({ rating, label }: { rating: number; label: string }) {
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span className="rating-stars" role="img" aria-label={label}>
      <span className="rating-stars__base" aria-hidden="true" />
      <span className="rating-stars__fill" style={{ width: `${percent}%` }} aria-hidden="true" />
    </span>
  );
}

export const reviewCountText = (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`;

/**
 * A product card's rating (docs/look-and-trust.md#social-proof): the members' average with its
 * stars and the count, or only the count below the average's minimum, or nothing at all for a
 * product nobody reviewed yet. The figures come from the API; nothing is rounded up or invented.
 */
export function RatingLine({
  reviewCount,
  averageRating,
}: {
  reviewCount: number;
  averageRating: number | null;
}) {
  if (reviewCount === 0) return null;
  return (
    <span className="rating-line">
      {averageRating !== null ? (
        <>
          <RatingStars
            rating={averageRating}
            label={`Rated ${averageRating.toFixed(1)} out of 5 from ${reviewCountText(reviewCount)}`}
          />
          <span className="rating-line__average" aria-hidden="true">
            {averageRating.toFixed(1)}
          </span>
          <span className="rating-line__count" aria-hidden="true">
            ({reviewCount})
          </span>
        </>
      ) : (
        <span className="rating-line__count">{reviewCountText(reviewCount)} from members</span>
      )}
    </span>
  );
}
