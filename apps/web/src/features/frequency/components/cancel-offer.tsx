import type { CancelOffer } from '@store/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { paths } from '@/config/paths.ts';
import './cancel-offer.css';

/** The offer that answers the chosen reason, shown above the two equal buttons (docs/product.md#cancel-offers). */
export function CancelOfferCard({ offer }: { offer: CancelOffer }) {
  return (
    <section className="cancel-offer" aria-labelledby="cancel-offer-title" aria-live="polite">
      <p className="cancel-offer__eyebrow">Before you go, one offer for you</p>
      <h2 id="cancel-offer-title" className="cancel-offer__title">
        {offer.title}
      </h2>
      <p className="cancel-offer__text">{offer.description}</p>
    </section>
  );
}

/** After the member took the offer: what was applied; the membership stays active. */
export function CancelOfferTaken({ offer }: { offer: CancelOffer }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <main className="member-page">
      <PageTitle title="Offer applied" />
      <h1 className="member-page__title" tabIndex={-1} ref={headingRef}>
        Done: {offer.title.charAt(0).toLowerCase() + offer.title.slice(1)}
      </h1>
      <div className="member-page__card" role="status">
        <p>{offer.description}</p>
        <p>Your membership stays active. We have emailed you what we changed.</p>
        <div className="member-page__actions">
          <Link to={paths.membership()} className={buttonClass('primary')}>
            Go to my membership
          </Link>
        </div>
      </div>
    </main>
  );
}
