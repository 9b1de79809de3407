import { ACCEPTED_CARD_BRANDS, type CardBrand } from '@store/contracts';
import { useId } from 'react';

/**
 * The card networks the store takes, shown at the card field (docs/payments.md#card-field) as
 * small text marks: no image to load, and the name is the mark's text. The network of the number
 * typed so far is highlighted.
 */
export function AcceptedBrands({ active }: { active?: CardBrand }) {
  const labelId = useId();
  return (
    <div className="card-brands">
      <span className="card-brands__label" id={labelId}>
        We accept
      </span>
      <ul className="card-brands__list" aria-labelledby={labelId}>
        {ACCEPTED_CARD_BRANDS.map(({ brand, name }) => (
          <li
            key={brand}
            className={`card-brands__mark card-brands__mark--${brand}`}
            data-active={active === brand ? 'true' : undefined}
          >
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}
