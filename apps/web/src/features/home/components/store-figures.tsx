import { RatingStars } from '@/components/ui/rating.tsx';
import { useStoreFigures } from '../api/get-store-figures.ts';

let countFormat: Intl.NumberFormat | undefined;

/**
 * 12,345 as people read it. The formatter is made on first use, not when the home page's module
 * loads: making an Intl formatter loads locale data, about 10 ms of the main thread before the
 * page could hydrate, for figures that arrive later and below the fold, if at all
 * (docs/performance.md#the-home-pages-first-task).
 */
function formatCount(value: number): string {
  countFormat ??= new Intl.NumberFormat('en-US');
  return countFormat.format(value);
}

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
            <dd>{formatCount(data.members)}</dd>
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
            <dd>{formatCount(data.reviewCount)}</dd>
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
