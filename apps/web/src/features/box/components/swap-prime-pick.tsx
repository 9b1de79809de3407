import { BUILD_YOUR_BOX_STAGE, type Order, type OrderItem, productName } from '@store/contracts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth.ts';
import { notify } from '@/lib/notifications.ts';
import { useSampleChoices } from '../api/box-api.ts';
import { swapPrimePick } from '../api/swap-api.ts';
import { SampleTile } from './sample-tiles.tsx';
import './swap-prime-pick.css';

/**
 * Whether the member may still swap this box's prime picks: it is their current box and its
 * build deadline has not passed (docs/product.md#swapping-a-prime-pick). The server decides again.
 */
export function useCanSwap(orderId: string): boolean {
  const { info } = useAuth();
  const sub = info?.subscription;
  if (!sub || sub.currentOrderId !== orderId || sub.cycleStatus !== BUILD_YOUR_BOX_STAGE) return false;
  const deadline = sub.cycleDates?.buildDeadline;
  return !deadline || Date.parse(deadline) > Date.now();
}

/**
 * The products a prime pick can be swapped for: those GetSampleChoices offers, minus what is in
 * the box already; each with "Swap in". A refusal (had before, out of stock) is said in the panel.
 */
export function SwapPanel({ order, item, onClose }: { order: Order; item: OrderItem; onClose: () => void }) {
  const { data: products, error, reload } = useSampleChoices(order.id);
  const [busy, setBusy] = useState<number | null>(null);
  const [problem, setProblem] = useState<string>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const inBox = new Set(order.items.map((i) => i.productId));
  const offered = (products ?? []).filter((p) => !inBox.has(p.id)).slice(0, 12);

  async function swapTo(productId: number, name: string) {
    setBusy(productId);
    setProblem(undefined);
    try {
      await swapPrimePick(order.id, item.id, productId);
      notify(`Swapped: ${name} is now a prime pick.`, 'success');
      onClose();
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : NETWORK_ERROR_MESSAGE);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="swap-panel" aria-labelledby="swap-title">
      <div className="swap-panel__head">
        <h2 id="swap-title" className="swap-panel__title" tabIndex={-1} ref={headingRef}>
          Swap {productName(item)} for
        </h2>
        <Button variant="secondary" onClick={onClose}>
          Keep it
        </Button>
      </div>
      {problem ? (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      ) : null}
      {error ? (
        <p>
          We could not load the products you can swap to. <Button onClick={reload}>Try again</Button>
        </p>
      ) : !products ? (
        <Spinner label="Loading products" />
      ) : offered.length === 0 ? (
        <p>There is nothing else to swap to right now.</p>
      ) : (
        <ul className="box-grid" aria-label="Products to swap to">
          {offered.map((p) => {
            const name = productName(p);
            return (
              <SampleTile key={p.id} image={p.sampleImage.originalPath} brand={p.brandName} title={name}>
                <Button
                  variant="secondary"
                  isLoading={busy === p.id}
                  loadingLabel={`Swapping in ${name}`}
                  disabled={busy !== null}
                  onClick={() => void swapTo(p.id, name)}
                  aria-label={`Swap in ${name}`}
                >
                  Swap in
                </Button>
              </SampleTile>
            );
          })}
        </ul>
      )}
    </section>
  );
}
