import { Link } from 'react-router';
import { type Detail, day, Section } from './member-parts.tsx';

/** The reviews the member wrote. */
export function ReviewsSection({ detail }: { detail: Detail }) {
  return (
    <Section id="reviews-title" title="Reviews" count={detail.reviews.length}>
      <ul className="member__reviews">
        {detail.reviews.map((r) => (
          <li key={r.id} className={r.hiddenAt ? 'member__review member__review--hidden' : 'member__review'}>
            <p className="member__review-head">
              <strong>{r.productTitle}</strong> ·{' '}
              <span className="visually-hidden">{r.rating} of 5 stars</span>
              <span aria-hidden="true">{'★'.repeat(r.rating)}</span>
              {r.hiddenAt ? <span className="admin-badge">Hidden</span> : null}
            </p>
            <p>{r.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Who referred the member, and whom the member referred. */
export function ReferralsSection({ detail }: { detail: Detail }) {
  const { referredBy, referred } = detail.referrals;
  return (
    <section className="member__section" aria-labelledby="referrals-title">
      <h2 id="referrals-title" className="member__section-title">
        Referrals
      </h2>
      <p>
        Referred by:{' '}
        {referredBy ? (
          <Link to={`/admin/members/${referredBy.id}`}>{referredBy.email}</Link>
        ) : detail.identity.referredByCode ? (
          `code ${detail.identity.referredByCode}`
        ) : (
          <span className="admin-muted">nobody</span>
        )}
      </p>
      {referred.length === 0 ? (
        <p className="admin-muted">Has not referred anyone yet.</p>
      ) : (
        <ul className="member__referred">
          {referred.map((r) => (
            <li key={r.id}>
              <Link to={`/admin/members/${r.id}`}>{r.email}</Link> · joined {day(r.createdAt)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
