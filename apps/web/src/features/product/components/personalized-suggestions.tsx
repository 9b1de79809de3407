import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { usePersonalizedOptions } from '../api/get-product.ts';

const MAX_SUGGESTIONS = 4;

/** "OTHER PERSONALIZED SUGGESTIONS": the member's other matches; locked ones wait for the next box. */
export function PersonalizedSuggestions({
  currentId,
  viewResult,
}: {
  currentId: number;
  viewResult: string | null;
}) {
  const { data, error, isLoading } = usePersonalizedOptions();
  // Suggestions are extra: when they cannot be read, the section stays out of the way.
  if (error) return null;
  const others = (data ?? []).filter((p) => p.id !== currentId).slice(0, MAX_SUGGESTIONS);
  if (!isLoading && others.length === 0) return null;
  return (
    <section className="product-suggestions" aria-labelledby="suggestions-title">
      <h2 className="product-suggestions__title" id="suggestions-title">
        OTHER PERSONALIZED SUGGESTIONS
      </h2>
      {isLoading ? (
        <div className="product-status" role="status" aria-busy="true">
          <span className="product-spinner" aria-hidden="true" />
          Loading suggestions...
        </div>
      ) : (
        <ul className="product-suggestions__list">
          {others.map((p) => {
            const body = (
              <>
                <img src={p.sampleImage.originalPath} alt="" width={120} height={120} loading="lazy" />
                <span className="suggestion__brand">{p.brandText}</span>
                <span className="suggestion__title">{p.title}</span>
                <span className="suggestion__flavor">{p.flavorSubCategoryText}</span>
                {p.unlocked ? null : <span className="suggestion__lock">UNLOCK IN NEXT BOX</span>}
              </>
            );
            return (
              <li key={p.id}>
                {p.unlocked ? (
                  <Link className="suggestion" to={paths.productDetail(p.id, viewResult ?? undefined)}>
                    {body}
                  </Link>
                ) : (
                  <div className="suggestion suggestion--locked">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
