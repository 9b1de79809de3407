import { unlockLabel } from '@store/contracts';
import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { paths } from '@/config/paths.ts';
import { useAuth } from '@/lib/auth.ts';
import { useShopProducts } from '../api/get-shop-products.ts';
import { searchShop } from '../utils/search.ts';
import { type AddToCart, ShopCard } from './shop-card.tsx';
import './shop.css';

const SKELETON_CARDS = 8;
/** About two screens of cards load their images at once. */
const EAGER_CARDS = 8;

/** /shop (guarded): search, the TUBS banner, unlocked tubs, then the locked ones (docs/product.md#shop-and-cart). */
export function ShopPage({ addToCart }: { addToCart: AddToCart }) {
  const { data, error, isLoading, reload } = useShopProducts();
  const { info } = useAuth();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const searchId = useId();
  const searchInput = useRef<HTMLInputElement>(null);
  const quizId = info?.identity.quizId;

  const shown = useMemo(
    () =>
      data
        ? searchShop({ unlocked: data.subscribedToProducts, locked: data.productsToUnlock }, deferredQuery)
        : { unlocked: [], locked: [] },
    [data, deferredQuery],
  );
  const isSearching = deferredQuery.trim() !== '';
  const noMatch = Boolean(data) && isSearching && shown.unlocked.length + shown.locked.length === 0;

  function clearSearch() {
    setQuery('');
    searchInput.current?.focus();
  }

  return (
    <main className="shop">
      <PageTitle title="Shop" />
      <div className="shop__head">
        <h1 className="shop__title">Shop</h1>
        <div className="shop__tools">
          <div className="shop__search">
            <label htmlFor={searchId} className="visually-hidden">
              Search by brand, product or flavor
            </label>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
              <path
                fill="currentColor"
                d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.39-1.42 1.42-5.39-5.39A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z"
              />
            </svg>
            <input
              ref={searchInput}
              id={searchId}
              type="search"
              placeholder="Search by brand, product or flavor"
              autoComplete="off"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
          <Link className="shop__preferences" to={quizId ? paths.quiz(1, quizId) : paths.quiz(1)}>
            Your Preferences
          </Link>
        </div>
      </div>

      <section className="shop__banner" aria-labelledby="tubs-title">
        <div>
          <h2 id="tubs-title" className="shop__banner-title">
            TUBS
          </h2>
          <p className="shop__banner-text">READY TO BUY?</p>
          <p className="shop__banner-note">
            Full-size tubs of what you sampled, <span className="nowrap">25-50%</span> off for members.
          </p>
        </div>
        <img src="/site/tubs.svg" alt="" width={220} height={140} />
      </section>

      {isLoading && !data ? (
        <div className="shop__grid" role="status" aria-busy="true" aria-label="Loading the shop">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <div key={i} className="shop-card shop-card--skeleton" aria-hidden="true">
              <span className="shop-card__media" />
              <span className="shop-skeleton-line" />
              <span className="shop-skeleton-line shop-skeleton-line--short" />
            </div>
          ))}
        </div>
      ) : error || !data ? (
        <div className="shop__state shop__state--error" role="alert">
          <p>We could not load the shop.</p>
          <button type="button" className="shop__button" onClick={reload}>
            Try again
          </button>
        </div>
      ) : noMatch ? (
        <div className="shop__state" role="status">
          <p>No products match "{deferredQuery.trim()}".</p>
          <button type="button" className="shop__button" onClick={clearSearch}>
            Clear search
          </button>
        </div>
      ) : (
        <>
          <section aria-labelledby="unlocked-title">
            <h2 id="unlocked-title" className="shop__section-title">
              Your unlocked tubs
            </h2>
            {shown.unlocked.length ? (
              <ul className="shop__grid">
                {shown.unlocked.map((p, i) => (
                  <li key={p.id}>
                    <ShopCard product={p} eager={i < EAGER_CARDS} addToCart={addToCart} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="shop__empty">
                {isSearching
                  ? 'None of your unlocked tubs match this search.'
                  : 'No unlocked tubs yet. Every product in a paid box unlocks here at member prices, starting with your first box.'}
              </p>
            )}
          </section>

          <div className="shop__separator" role="presentation">
            <span>MORE TO UNLOCK</span>
          </div>

          <section aria-labelledby="locked-title">
            <h2 id="locked-title" className="shop__section-title">
              Unlock with your next box
            </h2>
            {shown.locked.length ? (
              <ul className="shop__grid">
                {shown.locked.map((p, i) => (
                  <li key={p.id}>
                    <ShopCard
                      product={p}
                      lockLabel={unlockLabel(data.nextBoxMonth)}
                      eager={shown.unlocked.length + i < EAGER_CARDS}
                      addToCart={addToCart}
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="shop__empty">
                {isSearching
                  ? 'No locked tubs match this search.'
                  : 'You have unlocked every tub that suits your preferences.'}
              </p>
            )}
          </section>
        </>
      )}
    </main>
  );
}
