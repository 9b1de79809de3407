import { formatUsd } from '@store/contracts';
import { Link, useParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { paths } from '@/config/paths.ts';
import { planPriceCents, useSiteConfig } from '../api/get-site-config.ts';
import './plan-choice.css';
import { keepRanges } from '@/components/ui/keep-ranges.tsx';

const BENEFITS = [
  {
    title: 'Always Sample First',
    text: 'Every box brings 4 single-serving samples: 2 prime picks matched to you and 2 you choose.',
  },
  {
    title: 'Exclusive Discounts',
    text: "25-50% off full-size tubs in the members' shop.",
  },
  {
    title: 'Customize Anytime',
    text: 'Change your preferences and delivery schedule, or cancel, whenever you like.',
  },
] as const;

/** /subscribe/:orderId (guarded): the Discover plan, then NEXT to checkout (docs/product.md#quiz-and-first-box). */
export function PlanChoicePage() {
  const orderId = useParams().orderId ?? '';
  const { data: config, error, isLoading } = useSiteConfig();
  // The contracts default stands in only when the configured price cannot be read.
  const price = config || error ? formatUsd(planPriceCents(config)) : null;

  return (
    <main className="plan-page">
      <PageTitle title="Choose your plan" />
      <header className="plan-intro">
        <h1 className="plan-intro__title">Sample Your Protein Powder, Never Guess Again</h1>
        <p className="plan-intro__text">Cancel anytime. Only available in the U.S.</p>
      </header>

      <section className="plan-choice-card" aria-labelledby="plan-name">
        <p className="plan-choice-card__price" aria-busy={isLoading || undefined}>
          {price ? (
            <span className="plan-choice-card__amount">{price}</span>
          ) : (
            <span className="plan-choice-card__amount plan-choice-card__amount--loading">
              <span className="plan-sr-only">Loading the price</span>
            </span>
          )}{' '}
          <span className="plan-choice-card__name" id="plan-name">
            DISCOVER PLAN
          </span>
        </p>
        <p className="plan-choice-card__per">per box of 4 samples, delivered every 30, 45 or 60 days</p>
        <ul className="plan-benefits">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="plan-benefit">
              <span className="plan-benefit__icon" aria-hidden="true">
                ✓
              </span>
              <div>
                <h2 className="plan-benefit__title">{benefit.title}</h2>
                <p className="plan-benefit__text">{keepRanges(benefit.text)}</p>
              </div>
            </li>
          ))}
        </ul>
        <Link className="plan-next" to={paths.checkout(orderId)}>
          NEXT
        </Link>
      </section>
    </main>
  );
}
