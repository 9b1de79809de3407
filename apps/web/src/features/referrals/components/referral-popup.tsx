import { useEffect, useId, useRef, useState } from 'react';
import { rememberPopupShown, useMyReferrals } from '../api/get-my-referrals.ts';
import { markPopupShown, REFERRAL_POPUP_DELAY_MS, wasPopupShown } from '../utils/popup-flag.ts';
import { ReferralLinkField } from './referral-link-field.tsx';
import './referrals.css';

/**
 * The shop's referral popup (docs/product.md#shop-and-cart, docs/product.md#states-and-flows): opens 5 s after it mounts (the shop has
 * loaded) unless `referralPopupShown` is set, or the account says it was closed on another
 * device; closing it sets both. A modal <dialog>: focus stays inside, Escape closes it, and its
 * heading labels it.
 */
export function ReferralPopup() {
  const [isOpen, setOpen] = useState(false);
  const titleId = useId();
  const textId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [isDue, setDue] = useState(false);
  const { data, error, reload } = useMyReferrals();

  useEffect(() => {
    if (wasPopupShown()) return;
    const timer = setTimeout(() => setDue(true), REFERRAL_POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    // Due, and the account's answer is in (or failed): closed on another device, or open now.
    if (!isDue || (!data && !error)) return;
    setDue(false);
    if (data?.popupShownAt) markPopupShown();
    else setOpen(true);
  }, [isDue, data, error]);

  useEffect(() => {
    const el = dialog.current;
    if (isOpen && el && !el.open) el.showModal?.();
  }, [isOpen]);

  function close() {
    markPopupShown();
    void rememberPopupShown().catch(() => {
      // The browser's flag is enough on this device; the account's copy is a courtesy.
    });
    dialog.current?.close();
    setOpen(false);
  }

  if (!isOpen) return null;
  return (
    <dialog
      ref={dialog}
      className="referral-popup"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <button type="button" className="referral-popup__close" aria-label="Close" onClick={close}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <path
            fill="currentColor"
            d="m12 10.6 5.3-5.3 1.4 1.4-5.3 5.3 5.3 5.3-1.4 1.4-5.3-5.3-5.3 5.3-1.4-1.4 5.3-5.3-5.3-5.3 1.4-1.4z"
          />
        </svg>
      </button>
      <p className="referral-popup__kicker">Share the love</p>
      <h2 id={titleId} className="referral-popup__title">
        Refer 2 friends, get a FREE TUB
      </h2>
      <p id={textId} className="referral-popup__text">
        When 2 friends take the quiz with your link and get their first box, your next tub is on us.
      </p>
      {data ? (
        <>
          <ReferralLinkField link={data.referralLink} />
          <p className="referral-popup__progress">
            {data.reward
              ? `You earned a free tub! Use code ${data.reward.couponCode} in your cart.`
              : `${Math.min(data.paidCount, data.requiredCount)} of ${data.requiredCount} friends have received their first box.`}
          </p>
        </>
      ) : error ? (
        <p className="referral-popup__error" role="alert">
          We could not load your referral link.{' '}
          <button type="button" className="referral-link-button" onClick={reload}>
            Try again
          </button>
        </p>
      ) : (
        <p className="referral-popup__loading" role="status" aria-busy="true">
          Loading your link...
        </p>
      )}
      <button type="button" className="referral-popup__done" onClick={close}>
        Maybe later
      </button>
    </dialog>
  );
}
