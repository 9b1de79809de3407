import {
  DELIVERY_SCHEDULE_DAYS,
  formatMembershipDate,
  TUB_PLAN_MAX_PAUSE,
  TUB_PLANS,
  type TubPlan,
} from '@store/contracts';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client.ts';
import {
  actOnTubPlan,
  changeTubPlanItems,
  pauseTubPlan,
  type TubPlanAction,
  useMyTubPlans,
  useTubChoices,
} from '../api/tub-plans-api.ts';

/** The positions of a delivery's tubs (a Max plan has 4). */
const TUB_SLOTS = ['tub-1', 'tub-2', 'tub-3', 'tub-4'] as const;

const STATUS_NAMES: Record<TubPlan['status'], string> = {
  active: 'Active',
  paused: 'Paused',
  past_due: 'Past Due',
  canceled: 'Canceled',
};

function statusClass(status: TubPlan['status']): string {
  const variant =
    status === 'canceled'
      ? ' membership__status--canceled'
      : status === 'past_due'
        ? ' membership__status--past-due'
        : status === 'paused'
          ? ' membership__status--paused'
          : '';
  return `membership__status${variant}`;
}

/**
 * The member's tub plans beside the box membership (docs/product.md#tub-plans): the next delivery,
 * its tubs with their flavors, and change, skip, pause, resume and cancel. Nothing shows for a
 * member without a plan.
 */
export function TubPlansPanel() {
  const { data, error, reload } = useMyTubPlans();
  if (error) {
    return (
      <section className="membership__card" aria-labelledby="tub-plans-error">
        <h2 id="tub-plans-error" className="membership__section-title">
          Your tub plan
        </h2>
        <p role="alert">We could not load your tub plan. Please try again.</p>
        <Button variant="secondary" onClick={reload}>
          Try again
        </Button>
      </section>
    );
  }
  if (!data || data.length === 0) return null;
  // Live plans first; one canceled plan is still shown so the member sees it ended.
  const live = data.filter((p) => p.status !== 'canceled');
  const shown = live.length > 0 ? live : data.slice(0, 1);
  return (
    <>
      {shown.map((plan) => (
        <TubPlanCard key={plan.id} plan={plan} />
      ))}
    </>
  );
}

function TubPlanCard({ plan }: { plan: TubPlan }) {
  const ids = useId();
  const location = useLocation();
  const justStarted = (location.state as { tubPlanStarted?: string } | null)?.tubPlanStarted === plan.id;
  const name = TUB_PLANS[plan.plan].name;
  const days = DELIVERY_SCHEDULE_DAYS[plan.deliverySchedule] ?? 30;
  const isCanceled = plan.status === 'canceled';
  const [busy, setBusy] = useState<string | null>(null);
  const [said, setSaid] = useState<{ text: string; isError: boolean } | null>(null);
  const [pauseFor, setPauseFor] = useState(1);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [editing, setEditing] = useState(false);

  async function run(label: string, work: () => Promise<TubPlan>, done: (p: TubPlan) => string) {
    setBusy(label);
    try {
      const next = await work();
      setSaid({ text: done(next), isError: false });
    } catch (error) {
      setSaid({ text: error instanceof Error ? error.message : NETWORK_ERROR_MESSAGE, isError: true });
    } finally {
      setBusy(null);
    }
  }
  const act = (action: TubPlanAction, done: (p: TubPlan) => string) =>
    run(action, () => actOnTubPlan(plan.id, action), done);

  return (
    <section className="membership__card tub-plan-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="membership__section-title">
        Your {name}
      </h2>
      {justStarted ? (
        <p className="membership__notice" role="status">
          Your {name} has started. A receipt is on its way to your inbox.
        </p>
      ) : null}
      <dl className="membership__facts">
        <div>
          <dt>Status</dt>
          <dd>
            <span className={statusClass(plan.status)}>{STATUS_NAMES[plan.status]}</span>
          </dd>
        </div>
        <div>
          <dt>Next delivery</dt>
          <dd>{isCanceled ? 'None: the plan is canceled' : formatMembershipDate(plan.nextBillingDate)}</dd>
        </div>
        <div>
          <dt>Delivery schedule</dt>
          <dd>Every {days} days</dd>
        </div>
        <div>
          <dt>Each delivery</dt>
          <dd>${plan.nextDeliveryPrice.toFixed(2)} + tax, free shipping</dd>
        </div>
      </dl>
      <h3 className="tub-plan-card__subtitle">Tubs in each delivery</h3>
      <ul className="tub-plan-card__tubs">
        {plan.items.map((item) => (
          <li key={item.productId}>
            {item.quantity} × {item.name}
          </li>
        ))}
        {plan.freeItem ? <li>1 × {plan.freeItem.name} (free)</li> : null}
      </ul>
      {plan.status === 'past_due' ? (
        <p className="membership__notice">
          Your last payment did not go through. <Link to={paths.billing()}>Update your card</Link> and we
          charge it again.
        </p>
      ) : null}
      {plan.skippedDeliveries > 0 && !isCanceled ? (
        <p className="membership__notice">
          {plan.skippedDeliveries === 1
            ? 'The next delivery is'
            : `The next ${plan.skippedDeliveries} deliveries are`}{' '}
          skipped: nothing is sent or charged until {formatMembershipDate(plan.nextBillingDate)}.
        </p>
      ) : null}

      {isCanceled ? null : editing ? (
        <ChangeTubs
          plan={plan}
          onDone={(text) => {
            setEditing(false);
            if (text) setSaid({ text, isError: false });
          }}
        />
      ) : (
        <div className="tub-plan-card__actions">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Change tubs
          </Button>
          <Button
            variant="secondary"
            isLoading={busy === 'Skip'}
            loadingLabel="Skipping the next delivery"
            disabled={plan.skippedDeliveries >= TUB_PLAN_MAX_PAUSE}
            onClick={() =>
              void act(
                'Skip',
                (p) => `Skipped. Your next delivery is on ${formatMembershipDate(p.nextBillingDate)}.`,
              )
            }
          >
            Skip next delivery
          </Button>
          {plan.skippedDeliveries > 0 ? (
            <Button
              variant="secondary"
              isLoading={busy === 'Resume'}
              loadingLabel="Resuming your plan"
              onClick={() =>
                void act(
                  'Resume',
                  (p) => `Resumed. Your next delivery is on ${formatMembershipDate(p.nextBillingDate)}.`,
                )
              }
            >
              Resume deliveries
            </Button>
          ) : (
            <div className="tub-plan-card__pause">
              <label htmlFor={`${ids}-pause`}>Pause for</label>
              <select
                id={`${ids}-pause`}
                className="field__input"
                value={pauseFor}
                onChange={(e) => setPauseFor(Number(e.target.value))}
              >
                {Array.from({ length: TUB_PLAN_MAX_PAUSE }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n} {n === 1 ? 'delivery' : 'deliveries'}
                  </option>
                ))}
              </select>
              <Button
                variant="secondary"
                isLoading={busy === 'Pause'}
                loadingLabel="Pausing your plan"
                onClick={() =>
                  void run(
                    'Pause',
                    () => pauseTubPlan(plan.id, pauseFor),
                    (p) => `Paused. Deliveries resume on ${formatMembershipDate(p.nextBillingDate)}.`,
                  )
                }
              >
                Pause
              </Button>
            </div>
          )}
          {confirmCancel ? (
            <div className="tub-plan-card__confirm">
              <p>Cancel your {name}? Nothing more is sent or charged; a delivery already paid still ships.</p>
              <Button
                isLoading={busy === 'Cancel'}
                loadingLabel={`Canceling your ${name}`}
                onClick={() =>
                  void act('Cancel', () => `Your ${name} is canceled. Nothing more will be charged.`).then(
                    () => setConfirmCancel(false),
                  )
                }
              >
                Yes, cancel my plan
              </Button>
              <Button variant="secondary" onClick={() => setConfirmCancel(false)}>
                Keep my plan
              </Button>
            </div>
          ) : (
            <Button variant="secondary" onClick={() => setConfirmCancel(true)}>
              Cancel plan
            </Button>
          )}
        </div>
      )}
      <p
        className={said?.isError ? 'field__error tub-plan-card__said' : 'tub-plan-card__said'}
        role="status"
        aria-live="polite"
      >
        {said?.text ?? ''}
      </p>
    </section>
  );
}

/** The tubs of each delivery from the next one on, from the tubs the member may choose. */
function ChangeTubs({ plan, onDone }: { plan: TubPlan; onDone: (said?: string) => void }) {
  const ids = useId();
  const choices = useTubChoices(true);
  const terms = TUB_PLANS[plan.plan];
  const current = plan.items.flatMap((i) => Array.from({ length: i.quantity }, () => String(i.productId)));
  const [tubs, setTubs] = useState<string[]>(current);
  const [freeTub, setFreeTub] = useState(plan.freeItem ? String(plan.freeItem.productId) : '');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  async function save() {
    const counts = new Map<number, number>();
    for (const t of tubs) if (t) counts.set(Number(t), (counts.get(Number(t)) ?? 0) + 1);
    if (tubs.some((t) => !t)) {
      setError('Please choose every tub.');
      return;
    }
    setIsSaving(true);
    setError(null);
    try {
      await changeTubPlanItems(
        plan.id,
        [...counts].map(([productId, quantity]) => ({ productId, quantity })),
        freeTub ? Number(freeTub) : undefined,
      );
      onDone('Your tubs are changed from your next delivery on.');
    } catch (e) {
      setError(e instanceof Error ? e.message : NETWORK_ERROR_MESSAGE);
      setIsSaving(false);
    }
  }

  if (choices.isLoading) return <p>Loading your tubs…</p>;
  const products = choices.data?.products ?? [];
  return (
    <fieldset className="tub-plan-card__change" aria-describedby={error ? `${ids}-error` : undefined}>
      <legend className="tub-plan-card__subtitle">Change the tubs of each delivery</legend>
      {choices.error ? <p role="alert">We could not load the tubs you can choose.</p> : null}
      {TUB_SLOTS.slice(0, tubs.length).map((slot, index) => (
        <div className="field" key={slot}>
          <label className="field__label" htmlFor={`${ids}-${index}`}>
            {terms.paidTubs === 1 ? 'Tub' : `Tub ${index + 1}`}
          </label>
          <select
            id={`${ids}-${index}`}
            className="field__input"
            value={tubs[index]}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              const next = [...tubs];
              next[index] = e.target.value;
              setTubs(next);
            }}
          >
            <option value="">Choose a tub</option>
            {products.map((p) => (
              <option key={p.productId} value={p.productId} disabled={!p.inStock}>
                {p.name} ({p.brandName})
              </option>
            ))}
          </select>
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
            onChange={(e) => setFreeTub(e.target.value)}
          >
            <option value="">One more of tub 1</option>
            {products.map((p) => (
              <option key={p.productId} value={p.productId} disabled={!p.inStock}>
                {p.name} ({p.brandName})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {error ? (
        <p id={`${ids}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="tub-plan-card__actions">
        <Button isLoading={isSaving} loadingLabel="Saving your tubs" onClick={() => void save()}>
          Save tubs
        </Button>
        <Button variant="secondary" onClick={() => onDone()}>
          Keep my tubs
        </Button>
      </div>
    </fieldset>
  );
}
