import type { Product } from '@store/contracts';
import { productName } from '@store/contracts';
import { Link } from 'react-router';
import { RatingLine } from '@/components/ui/rating.tsx';
import { paths } from '@/config/paths.ts';

/** One matched product: brand, flavor, image, why it matched, and LEARN MORE (docs/product.md#quiz-and-first-box). */
export function MatchCard({
  product,
  quizId,
  isPrimePick,
}: {
  product: Product;
  quizId: string;
  isPrimePick: boolean;
}) {
  const titleId = `match-${product.id}-title`;
  return (
    <article className="match-card" aria-labelledby={titleId}>
      <div
        className="match-card__media"
        style={
          product.flavorBgImageName
            ? { backgroundImage: `url(${JSON.stringify(product.flavorBgImageName)})` }
            : undefined
        }
      >
        {isPrimePick ? <span className="match-card__badge">Prime pick</span> : null}
        <img
          className="match-card__image"
          src={product.image.originalPath}
          alt={`${product.brandText} ${productName(product)} tub`}
          width={220}
          height={220}
          loading="lazy"
        />
      </div>
      <div className="match-card__body">
        <div className="match-card__brand">
          {product.brandImage ? (
            <img
              className="match-card__logo"
              src={product.brandImage}
              alt={product.brandText}
              width={120}
              height={36}
              loading="lazy"
            />
          ) : (
            <span>{product.brandText}</span>
          )}
        </div>
        <h2 className="match-card__title" id={titleId}>
          {product.title}
        </h2>
        <p className="match-card__flavor">{product.flavorSubCategoryText}</p>
        <RatingLine reviewCount={product.reviewCount} averageRating={product.averageRating} />
        {product.reason ? (
          <p className="match-card__reason">
            <span className="match-card__reason-label">Why it matched: </span>
            {product.reason}
          </p>
        ) : null}
        <Link
          className="match-card__more"
          to={paths.productDetail(product.id, quizId)}
          aria-label={`Learn more about ${product.brandText} ${productName(product)}`}
        >
          LEARN MORE
        </Link>
      </div>
    </article>
  );
}
