import { CartMessages, formatUsd, type Product, productName } from '@store/contracts';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useProduct } from '../api/get-product.ts';
import { PersonalizedSuggestions } from './personalized-suggestions.tsx';
import { ProductReviewList, ReviewSummary } from './product-reviews.tsx';
import './product.css';

const toCents = (dollars: number) => Math.round(dollars * 100);

/** Reads the product id of the route; anything but a positive integer is no product. */
function parseProductId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** /product-detail/:productId (guarded; query viewResult): one product (docs/product.md#shop-and-cart). */
/** Adds one tub to the cart; answers whether it was added. */
export type AddToCart = (productId: number) => Promise<boolean>;

/** `addToCart` is the cart's, given by the route (features do not import each other). */
export function ProductDetailPage({ addToCart }: { addToCart: AddToCart }) {
  const productId = parseProductId(useParams().productId);
  const viewResult = useSearchParams()[0].get('viewResult');
  const { data: product, error, isLoading, reload } = useProduct(productId);

  return (
    <main className="product-page">
      <PageTitle title={product ? `${product.brandText} ${productName(product)}` : 'Product'} />
      {productId === null || (error instanceof ApiError && error.status === 404) ? (
        <div className="product-status" role="alert">
          We could not find this product.{' '}
          <Link to={viewResult ? paths.result(viewResult) : paths.home()}>Go back</Link>
        </div>
      ) : isLoading ? (
        <div className="product-status" role="status" aria-busy="true">
          <span className="product-spinner" aria-hidden="true" />
          Loading the product...
        </div>
      ) : error || !product ? (
        <div className="product-status product-status--error" role="alert">
          We could not load this product.{' '}
          <button type="button" className="product-link-button" onClick={reload}>
            Try again
          </button>
        </div>
      ) : (
        <ProductDetail product={product} viewResult={viewResult} addToCart={addToCart} />
      )}
    </main>
  );
}

function ProductDetail({
  product,
  viewResult,
  addToCart,
}: {
  product: Product;
  viewResult: string | null;
  addToCart: AddToCart;
}) {
  return (
    <>
      <article className="product-detail" aria-labelledby="product-title">
        <div className="product-detail__media">
          {product.discount > 0 ? (
            <span className="product-detail__badge">
              {product.discount}% OFF<span className="product-sr-only"> for members</span>
            </span>
          ) : null}
          <img
            className="product-detail__image"
            src={product.image.originalPath}
            alt={`${product.brandText} ${productName(product)} tub`}
            width={360}
            height={360}
          />
        </div>
        <div className="product-detail__info">
          {product.brandImage ? (
            <img
              className="product-detail__logo"
              src={product.brandImage}
              alt={product.brandText}
              width={180}
              height={54}
            />
          ) : (
            <p className="product-detail__brand">{product.brandText}</p>
          )}
          <h1 className="product-detail__title" id="product-title">
            {productName(product)}
          </h1>
          <ReviewSummary productId={product.id} />
          <p className="product-detail__prices">
            <span className="product-sr-only">List price </span>
            <s className="product-detail__list-price">{formatUsd(toCents(product.price))}</s>{' '}
            <span className="product-sr-only">Member price </span>
            <span className="product-detail__price">{formatUsd(toCents(product.discountedPrice))}</span>
          </p>
          <dl className="product-detail__facts">
            <div>
              <dt>Flavor</dt>
              <dd>{product.flavorSubCategoryText}</dd>
            </div>
            <div>
              <dt>Size</dt>
              <dd>{product.sizeLbs} lbs</dd>
            </div>
            <div>
              <dt>Protein</dt>
              <dd>{product.gramsProteinContent} g per serving</dd>
            </div>
          </dl>

          {viewResult ? (
            <Link className="product-primary" to={paths.result(viewResult)}>
              BACK
            </Link>
          ) : product.unlocked ? (
            <AddToCartButton productId={product.id} name={productName(product)} addToCart={addToCart} />
          ) : (
            <p className="product-detail__locked" data-testid="product-locked">
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"
                />
              </svg>
              <span>
                <strong>UNLOCK IN NEXT BOX.</strong> {CartMessages.locked}
              </span>
            </p>
          )}

          <div className="product-accordions">
            <details className="product-accordion">
              <summary>Description</summary>
              <p>{product.description}</p>
            </details>
            <details className="product-accordion">
              <summary>Suggested Use</summary>
              <p>{product.suggestedUSe}</p>
            </details>
            <details className="product-accordion">
              <summary>Nutrition Facts</summary>
              <img
                className="product-accordion__nutrition"
                src={product.nutritionInfo.originalPath}
                alt={`Nutrition facts of ${product.brandText} ${productName(product)}`}
                width={320}
                height={480}
                loading="lazy"
              />
            </details>
          </div>
        </div>
      </article>
      <ProductReviewList productId={product.id} />
      <PersonalizedSuggestions currentId={product.id} viewResult={viewResult} />
    </>
  );
}

/**
 * ADD TO CART: one tub at the member price; the cart panel opens with it (docs/product.md#shop-and-cart, docs/product.md#states-and-flows).
 * While adding it is aria-disabled rather than disabled, so it keeps focus and the panel can give
 * focus back to it when it closes. Its accessible name carries the product and flavor (a
 * product is named with its flavor wherever it is chosen: docs/product.md#words-on-screen).
 */
function AddToCartButton({
  productId,
  name,
  addToCart,
}: {
  productId: number;
  name: string;
  addToCart: AddToCart;
}) {
  const [isAdding, setAdding] = useState(false);
  return (
    <button
      type="button"
      className="product-primary"
      aria-disabled={isAdding || undefined}
      aria-busy={isAdding || undefined}
      onClick={async () => {
        if (isAdding) return;
        setAdding(true);
        await addToCart(productId);
        setAdding(false);
      }}
    >
      {isAdding ? 'ADDING...' : 'ADD TO CART'}
      <span className="product-sr-only">: {name}</span>
    </button>
  );
}
