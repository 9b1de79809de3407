import { RatingStars } from '@/components/ui/rating.tsx';
import { useMemberQuotes } from '../api/get-member-quotes.ts';

/**
 * The newest members' own words (docs/look-and-trust.md#member-quotes): first names only, the
 * product they rated and their stars, whatever the rating. The server answers none while the
 * store has too few reviews, and then the section is not there at all. Below the fold, so its
 * late arrival moves nothing the visitor is looking at.
 */
export function MemberQuotes() {
  const { data } = useMemberQuotes();
  if (!data || data.quotes.length === 0) return null;
  return (
    <section className="home-section member-quotes" aria-labelledby="member-quotes-title">
      <h2 id="member-quotes-title" className="store-figures__title">
        Newest member reviews
      </h2>
      <ul className="member-quotes__list">
        {data.quotes.map((quote) => (
          <li key={quote.id} className="member-quotes__item">
            <figure className="member-quotes__figure">
              <RatingStars rating={quote.rating} label={`Rated ${quote.rating} out of 5`} />
              <blockquote className="member-quotes__text">
                <p>{quote.text}</p>
              </blockquote>
              <figcaption className="member-quotes__who">
                {quote.firstName}, on {quote.productName}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="store-figures__note">
        The newest reviews as members wrote them, one per member, low ratings included.
      </p>
    </section>
  );
}
