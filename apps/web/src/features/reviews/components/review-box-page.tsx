import type { Order, OrderItem } from '@store/contracts';
import { productName } from '@store/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { apiGet } from '@/lib/api-client.ts';
import { loadAuthInfo, useAuth } from '@/lib/auth.ts';
import { useApi } from '@/lib/use-api.ts';
import { getMyReviews } from '../api/get-my-reviews.ts';
import { ReviewDialog } from './review-dialog.tsx';
import './reviews.css';

const SLOTS = ['slot-1', 'slot-2', 'slot-3', 'slot-4'] as const;

/** "March" for the box's month: when it was paid, or created. */
function boxMonth(order: Order): string {
  return new Date(order.datePaid ?? order.dateCreated).toLocaleDateString('en-US', {
    month: 'long',
    timeZone: 'UTC',
  });
}

/** /review-box (docs/product.md#states-and-flows): the current box's samples, each with SHOP and REVIEW. */
export function ReviewBoxPage() {
  const { info } = useAuth();
  useEffect(() => {
    void loadAuthInfo();
  }, []);
  const orderId = info?.subscription?.currentOrderId ?? null;
  const {
    data: order,
    error,
    reload,
  } = useApi(orderId ? `order:${orderId}` : null, () =>
    apiGet<Order>('/order/GetItem', { query: { id: orderId! }, quiet: true }),
  );
  const [reviewing, setReviewing] = useState<OrderItem | null>(null);
  // Which samples are reviewed already: a failure only leaves them as not reviewed (Review still works).
  const myReviews = useApi(info ? 'my-reviews' : null, getMyReviews);
  const earlierOf = (productId: number | null) =>
    myReviews.data?.reviews.find((r) => r.productId === productId);

  if (info && !orderId) {
    return (
      <main className="review-box review-box--state">
        <PageTitle title="Box Review" />
        <h1 className="review-box__title">Box Review</h1>
        <p>You have no box to review yet.</p>
        <Link to={paths.membership()} className={buttonClass('primary')}>
          Go to my membership
        </Link>
      </main>
    );
  }
  if (!order) {
    return (
      <main className="review-box review-box--state">
        <PageTitle title="Box Review" />
        {error ? (
          <>
            <p>We could not load your box. Please try again.</p>
            <Button onClick={reload}>Try again</Button>
          </>
        ) : (
          <Spinner large label="Loading your box" />
        )}
      </main>
    );
  }
  const month = boxMonth(order);
  const samples = order.items.filter((i) => i.productId !== null);
  return (
    <main className="review-box">
      <PageTitle title={`Your ${month} Box`} />
      <h1 className="review-box__title">Your {month} Box</h1>
      {/* The page opens on the samples to review, not on a button that leads to them. */}
      <p className="review-box__lead">
        Tell us what you thought of each sample: your reviews make your next box better.
      </p>
      <ul className="review-box__grid">
        {samples.map((item) => (
          <li key={item.id} className="review-box__item">
            <img src={item.sampleImage.originalPath} alt="" width={120} height={120} loading="lazy" />
            <span className="review-box__brand">{item.brandName}</span>
            <span className="review-box__name">{productName(item)}</span>
            <div className="review-box__actions">
              <Link to={paths.shop()} className={buttonClass('secondary')}>
                SHOP
              </Link>
              {earlierOf(item.productId) ? (
                <Button
                  variant="secondary"
                  className="review-box__reviewed"
                  onClick={() => setReviewing(item)}
                  aria-label={`Reviewed: edit your review of ${productName(item)}`}
                >
                  Reviewed ✓
                </Button>
              ) : (
                <Button onClick={() => setReviewing(item)} aria-label={`Review ${productName(item)}`}>
                  REVIEW
                </Button>
              )}
            </div>
          </li>
        ))}
        {SLOTS.slice(samples.length).map((slot) => (
          <li key={slot} className="review-box__item review-box__item--empty">
            <Link to={paths.chooseSamples(order.id)} className="review-box__add">
              <span className="review-box__plus" aria-hidden="true">
                +
              </span>
              Choose a sample
            </Link>
          </li>
        ))}
      </ul>
      {reviewing?.productId ? (
        <ReviewDialog
          productId={reviewing.productId}
          productTitle={productName(reviewing)}
          earlier={earlierOf(reviewing.productId)}
          onClose={() => setReviewing(null)}
          onSaved={myReviews.reload}
        />
      ) : null}
    </main>
  );
}
