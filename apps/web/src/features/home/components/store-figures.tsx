import { RatingStars } from '@/components/ui/rating.tsx';
import { useStoreFigures } from '../api/get-store-figures.ts';

const count = new Intl.NumberFormat('en-US');

/**
 * The store's real figures (docs/look-and-trust.md#social-proof), counted by the server from the
 * database: live members, visible reviews and their average. A figure below its threshold comes
 * back null and is not shown; with none to show, the section is not there at all. It sits below
 * the fold, so its late arrival moves nothing the visitor is looking at.
 */
export function StoreFigures() {
  const { data } = useStoreFigures();
  if (!data || (data.members === null && data.reviewCount === null)) return null;
  return (
    <section className="home-section store-figures" aria-labelledby="store-figures-title">
      <h2 id="store-figures-title" className="store-figures__title">
        Members so far
      </h2>
      <dl className="store-figures__list">
        {data.members !== null ? (
          <div className="store-figures__item">
            <dt>members</dt>
            <dd>{count.format(data.members)}</dd>
          </div>
        ) : null}
        {data.averageRating !== null ? (
          <div className="store-figures__item">
            <dt>average rating</dt>
            <dd>
              {data.averageRating.toFixed(1)}{' '}
              <RatingStars rating={data.averageRating} label={`${data.averageRating.toFixed(1)} out of 5`} />
            </dd>
          </div>
        ) : null}
        {data.reviewCount !== null ? (
          <div className="store-figures__item">
            <dt>member reviews</dt>
            <dd>{count.format(data.reviewCount)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="store-figures__note">
        Counted live from our store. Only members who had a product in a paid box can review it, and every
        review counts, the low ones too.
      </p>
    </section>
  );
}
