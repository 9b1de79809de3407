import { formatUsd, Paths } from '@store/contracts';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { useSiteConfig } from '../api/get-site-config.ts';

const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

/** The Discover plan with the configured price and handling fee (docs/product.md#price). */
export function DiscoverPlanCard() {
  const { data, error } = useSiteConfig();
  return (
    <div className="plan-card">
      <p className="plan-card__badge">Sample box</p>
      <h3 className="plan-card__title">Discover Plan</h3>
      <div className="plan-card__price" aria-busy={!data && !error}>
        {data ? (
          <>
            <p className="plan-card__amount">
              {formatUsd(dollarsToCents(data.planPrice))}
              <span className="plan-card__per"> / box</span>
            </p>
            <p className="plan-card__fee">
              + {formatUsd(dollarsToCents(data.handlingFee))} handling · free U.S. shipping
            </p>
          </>
        ) : error ? (
          <p className="plan-card__fee">See the price of your box at checkout.</p>
        ) : (
          <p className="plan-card__amount plan-card__amount--loading">
            <span className="visually-hidden">Loading the price</span>
          </p>
        )}
      </div>
      <ul className="plan-card__features">
        <li>4 single-serve samples in every box</li>
        <li>2 prime picks matched to your quiz, plus 2 you choose</li>
        <li>Delivered every 30, 45 or 60 days, your pick</li>
        <li>
          Members save <span className="nowrap">25-50%</span> on full-size tubs
        </li>
        <li>Change your schedule or cancel any time</li>
      </ul>
      <Link to={Paths.quizStart} className={buttonClass('primary', true)}>
        Start with the quiz
      </Link>
      <p className="plan-card__note">U.S. shipping only. Boxes are non-returnable.</p>
    </div>
  );
}
