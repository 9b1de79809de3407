import { CANCEL_REASONS, type CancelOffer, SERVER_ERROR_MESSAGE, type Subscription } from '@store/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { acceptCancelOffer, fetchCancelOffer } from '../api/cancel-offer-api.ts';
import { cancelSubscription } from '../api/membership-actions.ts';
import { CancelOfferCard, CancelOfferTaken } from './cancel-offer.tsx';
import { MemberGate } from './member-gate.tsx';

const TITLE = 'Cancel Membership';
const NO_REASON = 'Please choose a reason.';

/**
 * /cancel-reason: asks why, and its button says what it does. Nothing is claimed before the server
 * has canceled (docs/product.md#cancel): only its answer turns the page into the confirmation.
 */
export function CancelReasonPage() {
  return (
    <MemberGate title={TITLE} allowCanceled>
      {(subscription) => <CancelReasonForm subscription={subscription} />}
    </MemberGate>
  );
}

/** What happens to a box already paid for, only when there is one not yet delivered. */
function paidBoxLine(subscription: Subscription): string | null {
  const dates = subscription.cycleDates;
  if (!dates || dates.deliveredDate) return null;
  return dates.shippedDate
    ? 'Your paid box is on its way and will still arrive.'
    : 'The box you have already paid for still ships.';
}

function CancelReasonForm({ subscription }: { subscription: Subscription }) {
  const [reason, setReason] = useState<number | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [problem, setProblem] = useState<string>();
  // Canceled by this page's request just now, or already before the page opened.
  const [canceledHere, setCanceledHere] = useState(false);
  // The membership as it was when the page opened: its box, if paid and not delivered, still ships.
  const [before] = useState(subscription);
  const boxLine = paidBoxLine(before);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isCanceled = canceledHere || subscription.statusName === 'Canceled';
  // The one offer for the chosen reason (docs/product.md#cancel-offers), and whether it was taken.
  const [offer, setOffer] = useState<{ reason: number; offer: CancelOffer } | null>(null);
  const [taken, setTaken] = useState<CancelOffer | null>(null);
  const [isTaking, setIsTaking] = useState(false);
  const shownOffer = offer && offer.reason === reason ? offer.offer : null;

  function chooseReason(id: number) {
    setReason(id);
    if (problem === NO_REASON) setProblem(undefined);
    if (isCanceled) return;
    void fetchCancelOffer(id).then((found) => {
      setOffer((current) => (found ? { reason: id, offer: found } : current?.reason === id ? null : current));
    });
  }

  async function takeOffer() {
    if (reason === null || !shownOffer) return;
    setIsTaking(true);
    setProblem(undefined);
    try {
      setTaken(await acceptCancelOffer(reason));
    } catch (error) {
      setProblem(
        error instanceof ApiError
          ? error.status >= 500
            ? SERVER_ERROR_MESSAGE
            : error.message
          : 'We could not reach the store, so nothing changed. Check your connection and try again.',
      );
    } finally {
      setIsTaking(false);
    }
  }

  useEffect(() => {
    if (canceledHere) headingRef.current?.focus();
  }, [canceledHere]);

  async function submit() {
    if (reason === null) {
      setProblem(NO_REASON);
      document.querySelector<HTMLInputElement>('input[name="cancel-reason"]')?.focus();
      return;
    }
    setIsSaving(true);
    setProblem(undefined);
    try {
      await cancelSubscription(reason, { quiet: true });
      setCanceledHere(true);
    } catch (error) {
      setProblem(
        error instanceof ApiError
          ? error.status >= 500
            ? SERVER_ERROR_MESSAGE
            : error.message
          : 'We could not reach the store, so your membership is still active. Check your connection and try again.',
      );
    } finally {
      setIsSaving(false);
    }
  }

  if (taken && !isCanceled) return <CancelOfferTaken offer={taken} />;

  if (isCanceled) {
    return (
      <main className="member-page">
        <PageTitle title="Membership canceled" />
        <h1 className="member-page__title" tabIndex={-1} ref={headingRef}>
          Your membership is canceled
        </h1>
        <div className="member-page__card" role={canceledHere ? 'status' : undefined}>
          <p>There will be no more renewals and no more charges.</p>
          {boxLine ? <p>{boxLine}</p> : null}
          {canceledHere ? <p>We have emailed you a confirmation. Thank you for telling us why.</p> : null}
          <p>You can restart any time from your membership page; your quiz answers and reviews are kept.</p>
          <div className="member-page__actions">
            <Link to={paths.membership()} className={buttonClass('primary')}>
              Go to my membership
            </Link>
            <Link to={paths.profile()} className={buttonClass('secondary')}>
              My profile
            </Link>
          </div>
        </div>
      </main>
    );
  }

  return (
    <main className="member-page">
      <PageTitle title={TITLE} />
      <h1 className="member-page__title">Cancel your membership</h1>
      <form
        className="member-page__card"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p>
          Canceling stops every future renewal and charge. A box you have already paid for still ships, and
          you can restart any time.
        </p>
        <fieldset className="reasons" aria-describedby={problem ? 'cancel-problem' : undefined}>
          <legend className="member-page__subtitle">Real quick, why are you leaving?</legend>
          {CANCEL_REASONS.map((r) => (
            <label key={r.id} className="reasons__option">
              <input
                type="radio"
                name="cancel-reason"
                value={r.id}
                checked={reason === r.id}
                onChange={() => chooseReason(r.id)}
              />
              <span>{r.displayName}</span>
            </label>
          ))}
        </fieldset>
        {problem ? (
          <p id="cancel-problem" className="form-alert" role="alert">
            {problem}
          </p>
        ) : null}
        {shownOffer ? (
          <>
            <CancelOfferCard offer={shownOffer} />
            {/* One offer, and leaving beside it at the same size: one click either way. */}
            <div className="cancel-offer__choices">
              <Button onClick={() => void takeOffer()} isLoading={isTaking} loadingLabel="Applying the offer">
                Take this offer
              </Button>
              <Button
                type="submit"
                variant="secondary"
                isLoading={isSaving}
                loadingLabel="Canceling your membership"
              >
                No thanks, cancel my membership
              </Button>
            </div>
            <Link to={paths.membership()}>Keep my membership as it is</Link>
          </>
        ) : (
          <div className="member-page__actions">
            <Button type="submit" isLoading={isSaving} loadingLabel="Canceling your membership">
              Cancel my membership
            </Button>
            <Link to={paths.membership()} className={buttonClass('secondary')}>
              Keep my membership
            </Link>
          </div>
        )}
      </form>
    </main>
  );
}
