import { type Order, type Product, productName } from '@store/contracts';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { saveBox, useBoxOrder, useSampleChoices } from '../api/box-api.ts';
import {
  addChosenSample,
  clearChosenSamples,
  setChosenSamples,
  useChosenSamples,
} from '../utils/chosen-samples.ts';
import { BoxState, BuildDeadline, ItemTile, OPEN_SLOTS } from './build-your-box-page.tsx';
import { PlusTile, SampleTile } from './sample-tiles.tsx';

export const ORDER_UPDATED = 'Order updated!';
export const ORDER_UPDATE_FAILED = 'There was an error updating the order!';

/** The page's heading for what the member holds: saved, picked but not saved, or still choosing. */
export function chooseSamplesTitle(chosen: number, isSaved: boolean): string {
  if (isSaved) return 'Your box is set';
  if (chosen >= OPEN_SLOTS.length) return 'Confirm your box';
  return chosen ? 'Choose your second sample' : 'Choose your first sample';
}

function savedChoice(order: Order): number[] {
  // A tub added to the box is not a chosen sample (docs/product.md#next-box-extras).
  return order.items
    .filter((i) => !i.isPrimePick && i.productId !== null && i.undiscountedPrice === null)
    .map((i) => i.productId!);
}

/** The chosen samples saved on the server seed the client's choice once. */
function useSeededChoice(order: Order | undefined) {
  const orderId = order?.id ?? '';
  const chosen = useChosenSamples(orderId);
  useEffect(() => {
    if (!order || chosen.length) return;
    const saved = savedChoice(order);
    if (saved.length) setChosenSamples(order.id, saved);
  }, [order, chosen.length]);
  return chosen;
}

/**
 * /choose-samples/:orderId (docs/product.md#states-and-flows): pick 2 samples from the products the member may still
 * try, then CONFIRM. The box is set only once the server saved it.
 */
export function ChooseSamplesPage({ orderId }: { orderId: string }) {
  const { data: order, error, reload } = useBoxOrder(orderId);
  const options = useSampleChoices(orderId);
  const held = useSeededChoice(order);
  const navigate = useNavigate();
  const [isSaving, setIsSaving] = useState(false);
  const [saveError, setSaveError] = useState('');

  if (!order) return <BoxState error={error} onRetry={reload} title="Choose your samples" />;
  const primePicks = order.items.filter((i) => i.isPrimePick);
  const byId = new Map((options.data ?? []).map((p) => [p.id, p]));
  // A choice kept in this tab that is no longer offered (a prime pick, a product had before) is dropped.
  const chosen = options.data ? held.filter((id) => byId.has(id)) : held;
  const inBox = new Set([...primePicks.map((i) => i.productId), ...chosen]);
  const choices = (options.data ?? []).filter((p) => !inBox.has(p.id));
  const saved = savedChoice(order);
  const isFull = chosen.length >= OPEN_SLOTS.length;
  const isSaved = isFull && saved.length === chosen.length && saved.every((id) => chosen.includes(id));
  const title = chooseSamplesTitle(chosen.length, isSaved);

  async function confirm() {
    setIsSaving(true);
    setSaveError('');
    try {
      await saveBox(order!, chosen);
      clearChosenSamples(orderId);
      notify(ORDER_UPDATED, 'success');
      navigate(paths.membership());
    } catch (failure) {
      setSaveError(
        failure instanceof ApiError && failure.status < 500 ? failure.message : ORDER_UPDATE_FAILED,
      );
      setIsSaving(false);
    }
  }

  return (
    <main className="box-page">
      <PageTitle title={title} />
      <h1 className="box-page__title">{title}</h1>
      {isSaved ? (
        <p className="box-page__lead">These 4 samples are saved for your box. Remove one to change it.</p>
      ) : isFull ? (
        <p className="box-page__lead">
          Your 4 samples are picked but not saved yet. Press CONFIRM to set your box.
        </p>
      ) : (
        <BuildDeadline orderId={orderId} />
      )}
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
      {isFull && !isSaved ? (
        <div className="box-page__actions">
          <Button onClick={() => void confirm()} isLoading={isSaving} loadingLabel="Saving your box">
            CONFIRM
          </Button>
        </div>
      ) : null}
      {saveError ? (
        <p className="box-page__error" role="alert">
          {saveError}
        </p>
      ) : null}
      {!isFull ? (
        <section aria-labelledby="choices-title" className="box-page">
          <h2 id="choices-title" className="box-page__lead">
            Samples you have not tried yet
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
          ) : choices.length === 0 ? (
            <p>
              You have tried every sample that fits your answers. We will fill the open slots with the best
              ones left when your box is assembled.
            </p>
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
  const name = product ? productName(product) : 'Your sample';
  return (
    <SampleTile
      image={product?.sampleImage.originalPath ?? ''}
      brand={product?.brandText ?? ''}
      title={name}
      badge="Your pick"
    >
      <Button variant="secondary" onClick={onRemove} aria-label={`Remove ${name}`}>
        Remove
      </Button>
    </SampleTile>
  );
}

/**
 * A sample the member may choose: "+ Add to box" puts it in the next open slot at once, and says
 * which sample it adds; "See details" opens its page (nutrition facts) first (docs/product.md#member-area).
 */
function ChoiceTile({ orderId, product }: { orderId: string; product: Product }) {
  const navigate = useNavigate();
  const name = productName(product);
  return (
    <SampleTile
      image={product.sampleImage.originalPath}
      brand={product.brandText}
      title={name}
      rating={product}
    >
      <Button
        className="box-tile__add"
        onClick={() => addChosenSample(orderId, product.id)}
        aria-label={`Add to box: ${name}`}
      >
        <span aria-hidden="true">+</span> Add to box
      </Button>
      <Button
        variant="secondary"
        onClick={() => navigate(paths.sampleDetail(orderId, product.id))}
        aria-label={`See details of ${name}`}
      >
        See details
      </Button>
    </SampleTile>
  );
}
