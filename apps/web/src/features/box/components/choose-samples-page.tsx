import type { Order, Product } from '@store/contracts';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { paths } from '@/config/paths.ts';
import { notify } from '@/lib/notifications.ts';
import { saveBox, useBoxOrder, usePersonalizedOptions } from '../api/box-api.ts';
import { clearChosenSamples, setChosenSamples, useChosenSamples } from '../utils/chosen-samples.ts';
import { BoxState, ItemTile, OPEN_SLOTS } from './build-your-box-page.tsx';
import { PlusTile, SampleTile } from './sample-tiles.tsx';

export const ORDER_UPDATED = 'Order updated!';
export const ORDER_UPDATE_FAILED = 'There was an error updating the order!';

/** The chosen samples saved on the server seed the client's choice once. */
function useSeededChoice(order: Order | undefined) {
  const orderId = order?.id ?? '';
  const chosen = useChosenSamples(orderId);
  useEffect(() => {
    if (!order || chosen.length) return;
    const saved = order.items.filter((i) => !i.isPrimePick && i.productId !== null).map((i) => i.productId!);
    if (saved.length) setChosenSamples(order.id, saved);
  }, [order, chosen.length]);
  return chosen;
}

/** /choose-samples/:orderId (spec 001 §4.2): pick 2 samples from the member's matches, then CONFIRM. */
export function ChooseSamplesPage({ orderId }: { orderId: string }) {
  const { data: order, error, reload } = useBoxOrder(orderId);
  const options = usePersonalizedOptions();
  const chosen = useSeededChoice(order);
  const navigate = useNavigate();
  const [isSaving, setIsSaving] = useState(false);

  if (!order) return <BoxState error={error} onRetry={reload} title="Choose your samples" />;
  const primePicks = order.items.filter((i) => i.isPrimePick);
  const byId = new Map((options.data ?? []).map((p) => [p.id, p]));
  const inBox = new Set([...primePicks.map((i) => i.productId), ...chosen]);
  const choices = (options.data ?? []).filter((p) => !inBox.has(p.id));
  const title = chosen.length ? 'Choose your Last sample' : 'Choose your First sample';
  const isFull = primePicks.length + chosen.length >= 4;

  async function confirm() {
    setIsSaving(true);
    try {
      await saveBox(order!, chosen);
      clearChosenSamples(orderId);
      notify(ORDER_UPDATED, 'success');
      navigate(paths.membership());
    } catch {
      notify(ORDER_UPDATE_FAILED, 'error', 4000);
      setIsSaving(false);
    }
  }

  return (
    <main className="box-page">
      <PageTitle title={isFull ? 'Your box is ready' : title} />
      <h1 className="box-page__title">{isFull ? 'Your box is ready' : title}</h1>
      <ul className="box-grid" aria-label="Your box">
        {primePicks.map((item) => (
          <ItemTile key={item.id} item={item} badge="Prime pick" />
        ))}
        {chosen.map((id) => (
          <ChosenTile
            key={id}
            product={byId.get(id)}
            onRemove={() =>
              setChosenSamples(
                orderId,
                chosen.filter((c) => c !== id),
              )
            }
          />
        ))}
        {OPEN_SLOTS.slice(chosen.length).map((slot) => (
          <PlusTile key={slot} label="An empty slot" />
        ))}
      </ul>
      {isFull ? (
        <div className="box-page__actions">
          <Button onClick={() => void confirm()} isLoading={isSaving} loadingLabel="Saving your box">
            CONFIRM
          </Button>
        </div>
      ) : null}
      {!isFull ? (
        <section aria-labelledby="choices-title" className="box-page">
          <h2 id="choices-title" className="box-page__lead">
            Your matches
          </h2>
          {options.error ? (
            <p>
              We could not load your matches.{' '}
              <Button variant="secondary" onClick={options.reload}>
                Try again
              </Button>
            </p>
          ) : !options.data ? (
            <p>Loading your matches...</p>
          ) : (
            <ul className="box-grid">
              {choices.map((product) => (
                <ChoiceTile key={product.id} orderId={orderId} product={product} />
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </main>
  );
}

function ChosenTile({ product, onRemove }: { product: Product | undefined; onRemove: () => void }) {
  return (
    <SampleTile
      image={product?.sampleImage.originalPath ?? ''}
      brand={product?.brandText ?? ''}
      title={product?.title ?? 'Your sample'}
      badge="Your pick"
    >
      <Button variant="secondary" onClick={onRemove} aria-label={`Remove ${product?.title ?? 'this sample'}`}>
        Remove
      </Button>
    </SampleTile>
  );
}

function ChoiceTile({ orderId, product }: { orderId: string; product: Product }) {
  const navigate = useNavigate();
  return (
    <SampleTile image={product.sampleImage.originalPath} brand={product.brandText} title={product.title}>
      <Button
        className="box-tile__add"
        onClick={() => navigate(paths.sampleDetail(orderId, product.id))}
        aria-label={`See ${product.title}`}
      >
        +
      </Button>
    </SampleTile>
  );
}
