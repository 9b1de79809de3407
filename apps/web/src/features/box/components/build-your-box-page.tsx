import { formatMembershipDate, type OrderItem, productName } from '@store/contracts';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useAuth } from '@/lib/auth.ts';
import { useBoxOrder } from '../api/box-api.ts';
import { PlusTile, SampleTile } from './sample-tiles.tsx';
import { SwapPanel, useCanSwap } from './swap-prime-pick.tsx';

/** The two slots the member fills. */
export const OPEN_SLOTS = ['sample-1', 'sample-2'] as const;

/** The box's states while it loads or when it cannot be shown. */
export function BoxState({ error, onRetry, title }: { error: unknown; onRetry: () => void; title: string }) {
  return (
    <main className="box-page">
      <PageTitle title={title} />
      <div className="box-page__state">
        {error ? (
          <>
            <p>We could not load this box. Please try again.</p>
            <Button onClick={onRetry}>Try again</Button>
            <Link to={paths.membership()}>Back to my membership</Link>
          </>
        ) : (
          <Spinner large label="Loading your box" />
        )}
      </div>
    </main>
  );
}

export function ItemTile({
  item,
  badge,
  children,
}: {
  item: OrderItem;
  badge?: string;
  children?: ReactNode;
}) {
  return (
    <SampleTile
      image={item.sampleImage.originalPath}
      brand={item.brandName}
      title={productName(item)}
      badge={badge}
    >
      {children}
    </SampleTile>
  );
}

/** "Choose your 2 samples by March 4, 2027": the build deadline of the member's current box. */
export function BuildDeadline({ orderId }: { orderId: string }) {
  const { info } = useAuth();
  const subscription = info?.subscription;
  const deadline = subscription?.currentOrderId === orderId ? subscription.cycleDates?.buildDeadline : null;
  if (!deadline) return null;
  return (
    <p className="box-page__lead">
      Choose your 2 samples by <strong>{formatMembershipDate(deadline)}</strong>; after that we choose them
      for you from your matches.
    </p>
  );
}

/** /build-your-box/:orderId (docs/product.md#membership-cycle stage 2): the 2 prime picks and 2 slots to fill. */
export function BuildYourBoxPage({ orderId }: { orderId: string }) {
  const { data: order, error, reload } = useBoxOrder(orderId);
  // Swap a prime pick (docs/product.md#swapping-a-prime-pick): ?swap=<item id> opens it from Membership.
  const [params, setParams] = useSearchParams();
  const canSwap = useCanSwap(orderId);
  const swapping = canSwap
    ? order?.items.find((i) => i.isPrimePick && i.id === params.get('swap'))
    : undefined;
  const openSwap = (itemId: string | null) => setParams(itemId ? { swap: itemId } : {}, { replace: true });
  if (!order) return <BoxState error={error} onRetry={reload} title="Build Your Personalized Box" />;
  const primePicks = order.items.filter((i) => i.isPrimePick);
  // A tub added to the box is not a chosen sample (docs/product.md#next-box-extras).
  const chosen = order.items.filter((i) => !i.isPrimePick && i.undiscountedPrice === null);
  const open = Math.max(0, 2 - chosen.length);
  const isSet = open === 0;
  return (
    <main className="box-page">
      <PageTitle title="Build Your Personalized Box" />
      <h1 className="box-page__title">Build Your Personalized Box</h1>
      {isSet ? (
        <p className="box-page__lead">Your box is set: your 2 prime picks and the 2 samples you chose.</p>
      ) : (
        <>
          <p className="box-page__lead">
            We picked 2 samples from your quiz. Choose the other 2 from the samples you have not tried yet.
          </p>
          <BuildDeadline orderId={orderId} />
        </>
      )}
      <ul className="box-grid" aria-label="Your box">
        {primePicks.map((item) => (
          <ItemTile key={item.id} item={item} badge="Prime pick">
            {canSwap ? (
              <Button
                variant="secondary"
                onClick={() => openSwap(item.id)}
                aria-label={`Swap ${productName(item)}`}
              >
                Swap
              </Button>
            ) : null}
          </ItemTile>
        ))}
        {chosen.map((item) => (
          <ItemTile key={item.id} item={item} badge="Your pick" />
        ))}
        {OPEN_SLOTS.slice(0, open).map((slot) => (
          <PlusTile key={slot} to={paths.chooseSamples(orderId)} label="Choose a sample" />
        ))}
      </ul>
      {swapping ? <SwapPanel order={order} item={swapping} onClose={() => openSwap(null)} /> : null}
      <div className="box-page__actions">
        <Link to={paths.chooseSamples(orderId)} className={buttonClass(isSet ? 'secondary' : 'primary')}>
          {isSet ? 'Change my samples' : 'NEXT: CHOOSE 2 SAMPLES'}
        </Link>
      </div>
    </main>
  );
}
