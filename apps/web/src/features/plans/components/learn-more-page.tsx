import { formatUsd, Paths, TUB_PLANS as PLAN_TERMS, PRE_ORDER_PLANS, type TubPlanId } from '@store/contracts';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { isSignedIn } from '@/lib/session.ts';
import { useSeo } from '@/lib/use-seo.ts';
import { createPreOrder } from '../api/create-pre-order.ts';
import { useTubPlanStatus } from '../api/tub-plans-api.ts';
import { TUB_PLANS, type TubPlan } from '../utils/tub-plans.ts';
import { StartPlanForm } from './start-plan-form.tsx';
import './learn-more-page.css';
import { TubsIllustration } from './tubs-illustration.tsx';

/**
 * /subscriptions-learn-more: the Flex and Max tub plans (docs/product.md#who-uses-it). Before the
 * launch it takes pre-orders (docs/product.md#pre-order); after it, a signed-in visitor starts a
 * plan here, and a pre-order holder's launch mail links here with `?preOrder=` (docs/product.md#tub-plans).
 */
export function LearnMorePage() {
  const status = useTubPlanStatus();
  const launched = status.data?.launched === true;
  const [params] = useSearchParams();
  const preOrderId = params.get('preOrder');
  // Back here after logging in, with the pre-order the launch mail named.
  const returnUrl = preOrderId
    ? `${paths.learnMore()}?preOrder=${encodeURIComponent(preOrderId)}`
    : paths.learnMore();
  const [plan, setPlan] = useState<TubPlanId>('flex');
  const choosePlan = useCallback((next: TubPlanId) => setPlan(next), []);
  function startWith(next: TubPlanId) {
    setPlan(next);
    requestAnimationFrame(() => {
      const form = document.getElementById('start');
      form?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      form?.querySelector<HTMLInputElement>(`input[value="${next}"]`)?.focus();
    });
  }
  useSeo({
    title: 'Tub plans: Flex and Max',
    description:
      'Keep the protein you loved coming: Flex sends 1 tub at 15-20% off, Max sends 4 prepaid tubs at 30-35% off plus a free one. Delivery every 30, 45 or 60 days.',
    keywords: [
      'protein powder subscription',
      'protein tub plan',
      'buy 4 get 1 free',
      'whey protein delivery',
    ],
    canonical: '/subscriptions-learn-more',
  });
  return (
    <main className="learn-more">
      <section className="learn-more__hero" aria-labelledby="learn-more-title">
        <div className="learn-more__hero-copy">
          <p className="learn-more__eyebrow">{launched ? 'Tub plans' : 'Tub plans · pre-order'}</p>
          <h1 id="learn-more-title" className="learn-more__title">
            Loved a sample? Keep it coming.
          </h1>
          <p className="learn-more__lead">
            Turn the protein you found in your sample box into a regular delivery of full-size tubs. Choose
            Flex for one tub at a time, or Max for the best price per scoop.{' '}
            {launched
              ? 'Tub plans are here: choose your tubs and your schedule, and your first delivery is on its way.'
              : 'Tub plans launch in 2-3 months; pre-order now to be first in line.'}
          </p>
          <a className={buttonClass('primary')} href={launched && isSignedIn() ? '#start' : '#plans'}>
            {launched && isSignedIn() ? 'Start your plan' : 'Compare the plans'}
          </a>
        </div>
        <TubsIllustration className="learn-more__hero-image" />
      </section>

      <section id="plans" className="learn-more__plans" aria-labelledby="plans-title">
        <h2 id="plans-title" className="learn-more__section-title">
          Two ways to buy tubs
        </h2>
        <div className="learn-more__plan-grid">
          {TUB_PLANS.map((card) => (
            <PlanCard
              key={card.id}
              plan={card}
              launched={launched}
              returnUrl={returnUrl}
              onStart={() => startWith(card.id)}
            />
          ))}
        </div>
        <p className="learn-more__fine-print">
          Discounts are off the list price of each tub. Delivery is free in the U.S.
        </p>
      </section>

      {launched && isSignedIn() ? (
        <section id="start" className="learn-more__start" aria-label="Start your tub plan">
          <StartPlanForm plan={plan} onPlanChange={choosePlan} preOrderId={preOrderId} />
        </section>
      ) : null}
      {launched && !isSignedIn() ? (
        <section id="start" className="learn-more__start" aria-labelledby="start-login-title">
          <h2 id="start-login-title" className="learn-more__section-title">
            Start your tub plan
          </h2>
          <p className="learn-more__start-login">
            {preOrderId
              ? 'Log in to choose the tubs your pre-order pays for.'
              : 'Log in to choose your tubs and your schedule.'}
          </p>
          <Link to={paths.login(returnUrl)} className={buttonClass('primary')}>
            Log in to start
          </Link>
        </section>
      ) : null}

      <section className="learn-more__personalize" aria-labelledby="personalize-title">
        <h2 id="personalize-title" className="learn-more__section-title">
          Personalize Your Fuel
        </h2>
        <ol className="learn-more__steps">
          <li>
            <img src="/site/step-quiz.svg" alt="" width={96} height={96} loading="lazy" />
            <h3>Start from your quiz</h3>
            <p>
              Your diet, allergies, goals and flavors decide which tubs we suggest, the same way they pick
              your samples.
            </p>
          </li>
          <li>
            <img src="/site/step-samples.svg" alt="" width={96} height={96} loading="lazy" />
            <h3>Keep sampling</h3>
            <p>Your sample box keeps arriving, so you can try new flavors before you commit to a tub.</p>
          </li>
          <li>
            <img src="/site/step-tub.svg" alt="" width={96} height={96} loading="lazy" />
            <h3>Change it any time</h3>
            <p>
              Swap flavors, move your delivery to every 30, 45 or 60 days, or update your answers whenever you
              like.
            </p>
          </li>
        </ol>
        <Link to={Paths.quizStart} className={buttonClass('secondary')}>
          Take the quiz
        </Link>
      </section>
    </main>
  );
}

/**
 * One plan. Before the launch, its pre-order: signed out it leads to login and back; signed in it
 * opens the pre-order's checkout. After it, Start leads to the form below (or to login and back).
 */
function PlanCard({
  plan,
  launched,
  returnUrl,
  onStart,
}: {
  plan: TubPlan;
  launched: boolean;
  returnUrl: string;
  onStart: () => void;
}) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <article className={plan.badge ? 'tub-plan tub-plan--featured' : 'tub-plan'} aria-labelledby={titleId}>
      {plan.badge ? <p className="tub-plan__badge">{plan.badge}</p> : null}
      <h3 id={titleId} className="tub-plan__name">
        {plan.name}
      </h3>
      <p className="tub-plan__tagline">{plan.tagline}</p>
      <p className="tub-plan__tubs">{plan.tubs}</p>
      <p className="tub-plan__discount">
        {launched ? `${PLAN_TERMS[plan.id].discountPercent}% off every tub` : plan.discount}
      </p>
      <ul className="tub-plan__features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {launched ? (
        <>
          <p className="tub-plan__notice">Free shipping and no handling fee</p>
          {isSignedIn() ? (
            <Button block variant={plan.badge ? 'primary' : 'secondary'} onClick={onStart}>
              Start {plan.name}
            </Button>
          ) : (
            <Link
              to={paths.login(returnUrl)}
              className={buttonClass(plan.badge ? 'primary' : 'secondary', true)}
            >
              Start {plan.name}
            </Link>
          )}
        </>
      ) : (
        <PreOrderAction plan={plan} />
      )}
    </article>
  );
}

function PreOrderAction({ plan }: { plan: TubPlan }) {
  const navigate = useNavigate();
  const [isOpening, setOpening] = useState(false);
  async function preOrder() {
    setOpening(true);
    try {
      const order = await createPreOrder(plan.id);
      navigate(paths.checkout(order.id));
    } catch {
      // The api client has shown the reason.
      setOpening(false);
    }
  }
  return (
    <>
      <p className="tub-plan__notice">
        Pre-order today: {formatUsd(PRE_ORDER_PLANS[plan.id].priceCents)} for your first delivery
      </p>
      {isSignedIn() ? (
        <Button
          block
          variant={plan.badge ? 'primary' : 'secondary'}
          isLoading={isOpening}
          loadingLabel={`Opening your ${plan.name} pre-order`}
          onClick={() => void preOrder()}
        >
          Pre-order {plan.name}
        </Button>
      ) : (
        <Link
          to={paths.login(paths.learnMore())}
          className={buttonClass(plan.badge ? 'primary' : 'secondary', true)}
        >
          Pre-order {plan.name}
        </Link>
      )}
    </>
  );
}
