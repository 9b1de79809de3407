import { formatUsd, type Product, productName } from '@store/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { AddToNextBoxButton } from '@/components/next-box/add-to-next-box-button.tsx';
import { RatingLine } from '@/components/ui/rating.tsx';
import { paths } from '@/config/paths.ts';

const toCents = (dollars: number) => Math.round(dollars * 100);

/**
 * One tub of the shop: unlocked ones open the product and have ADD TO CART; locked ones name the
 * box that unlocks them.
 */
export function ShopCard({
  product,
  lockLabel,
  eager = false,
  addToCart,
}: {
  product: Product;
  lockLabel?: string;
  /** The first cards on screen load at once; the rest when scrolled to. */
  eager?: boolean;
  /** The cart's ADD TO CART, given by the route (features do not import each other). */
  addToCart: AddToCart;
}) {
  const body = (
    <>
      <span className="shop-card__media">
        {product.discount > 0 ? (
          <span className="shop-card__badge">
            {product.discount}% OFF<span className="visually-hidden"> for members</span>
          </span>
        ) : null}
        <img
          src={product.image.originalPath}
          alt=""
          width={200}
          height={200}
          loading={eager ? 'eager' : 'lazy'}
        />
      </span>
      <span className="shop-card__brand">{product.brandText}</span>
      <span className="shop-card__title">{product.title}</span>
      <span className="shop-card__flavor">{product.flavorSubCategoryText}</span>
      <RatingLine reviewCount={product.reviewCount} averageRating={product.averageRating} />
      <span className="shop-card__prices">
        <span className="visually-hidden">List price </span>
        <s>{formatUsd(toCents(product.price))}</s> <span className="visually-hidden">Member price </span>
        <strong>{formatUsd(toCents(product.discountedPrice))}</strong>
      </span>
      {lockLabel ? (
        <span className="shop-card__lock">
          <svg aria-hidden="true" viewBox="0 0 24 24" width="14" height="14">
            <path
              fill="currentColor"
              d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 0 1 6 0v3H9Z"
            />
          </svg>
          {lockLabel}
        </span>
      ) : null}
    </>
  );
  if (lockLabel) return <div className="shop-card shop-card--locked">{body}</div>;
  const name = productName({ title: product.title, flavor: product.flavorSubCategoryText });
  return (
    <div className="shop-card shop-card--unlocked">
      {/* Named by what it shows (brand, title, flavor, rating, prices): a name that leaves out the
          visible words fails people who speak the words they see (docs/look-and-trust.md#link-names). */}
      <Link className="shop-card__link" to={paths.productDetail(product.id)}>
        {body}
      </Link>
      <ShopAddToCart productId={product.id} name={name} addToCart={addToCart} />
      <AddToNextBoxButton
        productId={product.id}
        name={name}
        className="shop-card__add shop-card__add--next-box"
      />
    </div>
  );
}

/** ADD TO CART on the card: the tub goes in the cart and the cart panel opens, as on the product page. */
/** Adds one tub to the cart; answers whether it was added. */
export type AddToCart = (productId: number) => Promise<boolean>;

function ShopAddToCart({
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
      className="shop-card__add"
      aria-label={`Add to cart: ${name}`}
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
    </button>
  );
}
