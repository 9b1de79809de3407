import {
  DELIVERY_SCHEDULE_DAYS,
  displayOrderNumber,
  formatUsd,
  TUB_PLANS,
  type TubPlanId,
  type TubPlanOptions,
} from '@store/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { invalidate } from '@/lib/use-api.ts';
import { startTubPlan, useDefaultCard, useTubPlanOptions } from '../api/tub-plans-api.ts';

type Product = TubPlanOptions['products'][number];

const SAME_AS_FIRST = '';
/** The positions of a delivery's tubs (a Max plan has 4). */
const TUB_SLOTS = ['tub-1', 'tub-2', 'tub-3', 'tub-4'] as const;

function tubLabel(product: Product, plan: TubPlanId): string {
  const price = plan === 'flex' ? product.flexPrice : product.maxPrice;
  return `${product.name} (${product.brandName}) · $${price.toFixed(2)}${product.inStock ? '' : ' · sold out'}`;
}

/** The chosen tub in full under its select (a closed select cuts long names short on a phone). */
function ChosenTub({
  id,
  product,
  plan,
  free = false,
}: {
  id: string;
  product: Product | undefined;
  plan: TubPlanId;
  free?: boolean;
}) {
  if (!product) return <p id={id} className="field__hint" />;
  const price = plan === 'flex' ? product.flexPrice : product.maxPrice;
  return (
    <p id={id} className="field__hint">
      {product.brandName} {product.name}:{' '}
      {free ? 'free' : `$${price.toFixed(2)} a tub (list price $${product.listPrice.toFixed(2)})`}
    </p>
  );
}

/** The tubs chosen in the selects as the API's items: the same tub twice is one line. */
export function itemsOf(chosen: readonly string[]): { productId: number; quantity: number }[] {
  const counts = new Map<number, number>();
  for (const value of chosen) {
    const id = Number(value);
    if (value && Number.isInteger(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return [...counts].map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * Starting a tub plan on the learn-more page once the plans are launched (docs/product.md#tub-plans):
 * the plan, its tubs (and Max's free fifth), the schedule, and what pays the first delivery (a
 * paid pre-order of that plan, or the saved card). Errors are shown beside their field.
 */
export function StartPlanForm({
  plan,
  onPlanChange,
  preOrderId,
}: {
  plan: TubPlanId;
  onPlanChange: (plan: TubPlanId) => void;
  /** The pre-order named by the launch mail's link (`?preOrder=`). */
  preOrderId: string | null;
}) {
  const options = useTubPlanOptions(true);
  const card = useDefaultCard(true);
  if (options.isLoading) return <Spinner label="Loading your tubs" />;
  if (!options.data) {
    return (
      <div className="start-plan__state" role="alert">
        <p>We could not load the tubs you can choose. Please try again.</p>
        <Button variant="secondary" onClick={options.reload}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <LoadedForm
      plan={plan}
      onPlanChange={onPlanChange}
      preOrderId={preOrderId}
      options={options.data}
      card={card.data ?? null}
      cardLoading={card.isLoading}
    />
  );
}

function LoadedForm({
  plan,
  onPlanChange,
  preOrderId,
  options,
  card,
  cardLoading,
}: {
  plan: TubPlanId;
  onPlanChange: (plan: TubPlanId) => void;
  preOrderId: string | null;
  options: TubPlanOptions;
  card: { brand: string; last4Digits: string; stripeMethodId: string } | null;
  cardLoading: boolean;
}) {
  const navigate = useNavigate();
  const ids = useId();
  const products = options.products;
  const fromLink = options.preOrders.find((p) => p.id === preOrderId);
  const [payWith, setPayWith] = useState<string>(fromLink?.id ?? options.preOrders[0]?.id ?? 'card');
  const preOrder = options.preOrders.find((p) => p.id === payWith) ?? null;
  const [schedule, setSchedule] = useState(1);
  const firstInStock = products.find((p) => p.inStock)?.productId;
  const initialTub = firstInStock === undefined ? '' : String(firstInStock);
  const [tubs, setTubs] = useState<string[]>([initialTub, initialTub, initialTub, initialTub]);
  const [freeTub, setFreeTub] = useState(SAME_AS_FIRST);
  const [errors, setErrors] = useState<{ items?: string; card?: string; form?: string }>({});
  const [isStarting, setIsStarting] = useState(false);
  const alertRef = useRef<HTMLParagraphElement>(null);

  // A pre-order pays the first delivery of its own plan only.
  useEffect(() => {
    if (preOrder && preOrder.plan !== plan) onPlanChange(preOrder.plan);
  }, [preOrder, plan, onPlanChange]);

  const terms = TUB_PLANS[plan];
  const chosen = tubs.slice(0, terms.paidTubs);
  const byId = new Map(products.map((p) => [p.productId, p]));
  const deliveryCents = chosen.reduce((sum, value) => {
    const product = byId.get(Number(value));
    return sum + Math.round(((plan === 'flex' ? product?.flexPrice : product?.maxPrice) ?? 0) * 100);
  }, 0);
  const days = DELIVERY_SCHEDULE_DAYS[schedule]!;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.some((value) => !value)) {
      setErrors({
        items: `Please choose ${terms.paidTubs === 1 ? 'your tub' : `all ${terms.paidTubs} tubs`}.`,
      });
      return;
    }
    if (!preOrder && !card) {
      setErrors({ card: 'Please add a card on Billing first: it pays your first delivery.' });
      return;
    }
    setErrors({});
    setIsStarting(true);
    try {
      const started = await startTubPlan(
        {
          plan,
          items: itemsOf(chosen),
          deliverySchedule: schedule,
          ...(preOrder ? { preOrderId: preOrder.id } : { paymentMethodId: card!.stripeMethodId }),
          ...(terms.freeTubs > 0 && freeTub ? { freeProductId: Number(freeTub) } : {}),
        },
        crypto.randomUUID(),
      );
      invalidate('tub-plan');
      notify(`Your ${TUB_PLANS[started.plan].name} has started.`, 'success');
      navigate(paths.membership(), { state: { tubPlanStarted: started.id } });
    } catch (error) {
      const message = error instanceof Error ? error.message : NETWORK_ERROR_MESSAGE;
      const fields = error instanceof ApiError ? error.fieldErrors : undefined;
      if (fields?.items) setErrors({ items: fields.items });
      else if (fields?.paymentMethodId) setErrors({ card: fields.paymentMethodId });
      else if (error instanceof ApiError && error.status === 403) setErrors({ items: message });
      else setErrors({ form: message });
      setIsStarting(false);
      requestAnimationFrame(() => alertRef.current?.focus());
    }
  }

  if (!options.launched) return null;
  return (
    <form className="start-plan" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="start-title">
      <h2 id="start-title" className="learn-more__section-title">
        Start your tub plan
      </h2>
      {errors.form ? (
        <p className="form-alert" role="alert" tabIndex={-1} ref={alertRef}>
          {errors.form}
        </p>
      ) : null}

      {options.preOrders.length > 0 ? (
        <fieldset className="start-plan__group">
          <legend className="start-plan__legend">Your first delivery is paid by</legend>
          {options.preOrders.map((p) => (
            <label key={p.id} className="start-plan__choice">
              <input
                type="radio"
                name={`${ids}-pay`}
                value={p.id}
                checked={payWith === p.id}
                onChange={() => setPayWith(p.id)}
              />
              <span>
                My {TUB_PLANS[p.plan].name} pre-order {displayOrderNumber(p.orderNumber)} (paid $
                {p.paid.toFixed(2)}): nothing more is charged for the first delivery
              </span>
            </label>
          ))}
          <label className="start-plan__choice">
            <input
              type="radio"
              name={`${ids}-pay`}
              value="card"
              checked={payWith === 'card'}
              onChange={() => setPayWith('card')}
            />
            <span>My saved card</span>
          </label>
        </fieldset>
      ) : null}

      <fieldset className="start-plan__group">
        <legend className="start-plan__legend">Plan</legend>
        {(['flex', 'max'] as const).map((id) => (
          <label key={id} className="start-plan__choice">
            <input
              type="radio"
              name={`${ids}-plan`}
              value={id}
              checked={plan === id}
              disabled={Boolean(preOrder) && preOrder?.plan !== id}
              onChange={() => onPlanChange(id)}
            />
            <span>
              {TUB_PLANS[id].name}:{' '}
              {id === 'flex'
                ? `1 tub per delivery, ${TUB_PLANS.flex.discountPercent}% off`
                : `4 tubs per delivery, ${TUB_PLANS.max.discountPercent}% off, plus a 5th tub free`}
            </span>
          </label>
        ))}
      </fieldset>

      <fieldset
        className="start-plan__group"
        aria-describedby={errors.items ? `${ids}-items-error` : `${ids}-items-hint`}
      >
        <legend className="start-plan__legend">{terms.paidTubs === 1 ? 'Your tub' : 'Your 4 tubs'}</legend>
        {products.length === 0 ? (
          <p className="start-plan__empty">
            No tubs are unlocked for you yet: a tub unlocks once you have sampled it in a paid box.{' '}
            <Link to={paths.membership()}>Go to Membership</Link>
          </p>
        ) : (
          <>
            <p id={`${ids}-items-hint`} className="field__hint">
              {options.preOrders.length > 0
                ? 'Any tub of our catalog, with its flavor.'
                : 'The tubs you unlocked by sampling them, each with its flavor.'}
            </p>
            <div
              className={terms.paidTubs === 1 ? 'start-plan__tubs start-plan__tubs--one' : 'start-plan__tubs'}
            >
              {TUB_SLOTS.slice(0, chosen.length).map((slot, index) => (
                <div className="field" key={slot}>
                  <label className="field__label" htmlFor={`${ids}-tub-${index}`}>
                    {terms.paidTubs === 1 ? 'Tub' : `Tub ${index + 1}`}
                  </label>
                  <select
                    id={`${ids}-tub-${index}`}
                    className="field__input"
                    value={chosen[index]}
                    aria-invalid={errors.items ? true : undefined}
                    aria-describedby={`${ids}-tub-${index}-chosen`}
                    onChange={(e) => {
                      const next = [...tubs];
                      next[index] = e.target.value;
                      setTubs(next);
                    }}
                  >
                    <option value="">Choose a tub</option>
                    {products.map((p) => (
                      <option key={p.productId} value={p.productId} disabled={!p.inStock}>
                        {tubLabel(p, plan)}
                      </option>
                    ))}
                  </select>
                  <ChosenTub
                    id={`${ids}-tub-${index}-chosen`}
                    product={byId.get(Number(chosen[index]))}
                    plan={plan}
                  />
                </div>
              ))}
              {terms.freeTubs > 0 ? (
                <div className="field">
                  <label className="field__label" htmlFor={`${ids}-free`}>
                    Free 5th tub
                  </label>
                  <select
                    id={`${ids}-free`}
                    className="field__input"
                    value={freeTub}
                    aria-describedby={`${ids}-free-chosen`}
                    onChange={(e) => setFreeTub(e.target.value)}
                  >
                    <option value={SAME_AS_FIRST}>One more of tub 1</option>
                    {products.map((p) => (
                      <option key={p.productId} value={p.productId} disabled={!p.inStock}>
                        {p.name} ({p.brandName})
                      </option>
                    ))}
                  </select>
                  <ChosenTub
                    id={`${ids}-free-chosen`}
                    product={byId.get(Number(freeTub || chosen[0]))}
                    plan={plan}
                    free
                  />
                </div>
              ) : null}
            </div>
          </>
        )}
        {errors.items ? (
          <p id={`${ids}-items-error`} className="field__error" role="alert">
            {errors.items}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="start-plan__group">
        <legend className="start-plan__legend">Delivery</legend>
        <div className="start-plan__schedule">
          {DELIVERY_SCHEDULE_DAYS.map((d, index) => (
            <label key={d} className="start-plan__choice">
              <input
                type="radio"
                name={`${ids}-schedule`}
                value={index}
                checked={schedule === index}
                onChange={() => setSchedule(index)}
              />
              <span>Every {d} days</span>
            </label>
          ))}
        </div>
      </fieldset>

      {preOrder ? null : (
        <div className="start-plan__group" aria-describedby={errors.card ? `${ids}-card-error` : undefined}>
          <p className="start-plan__legend" id={`${ids}-card`}>
            Card
          </p>
          {cardLoading ? (
            <Spinner label="Loading your card" />
          ) : card ? (
            <p>
              Your saved {card.brand.charAt(0).toUpperCase() + card.brand.slice(1)} card ending in{' '}
              {card.last4Digits}. <Link to={paths.billing()}>Use another card</Link>
            </p>
          ) : (
            <p>
              No card is saved yet. <Link to={paths.billing()}>Add a card on Billing</Link>
            </p>
          )}
          {errors.card ? (
            <p id={`${ids}-card-error`} className="field__error" role="alert">
              {errors.card}
            </p>
          ) : null}
        </div>
      )}

      <p className="start-plan__summary" aria-live="polite">
        {preOrder
          ? `Your first delivery is paid by your pre-order. From the next one, ${formatUsd(deliveryCents)} plus tax every ${days} days.`
          : `Today: ${formatUsd(deliveryCents)} plus tax for your first delivery, then the same every ${days} days.`}{' '}
        Free shipping, no handling fee. Skip, pause, change your tubs or cancel any time on Membership.
      </p>
      <Button
        type="submit"
        block
        isLoading={isStarting}
        loadingLabel={`Starting your ${terms.name}`}
        disabled={products.length === 0}
      >
        Start {terms.name}
      </Button>
    </form>
  );
}
