import { CANCEL_REASONS } from '@store/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { paths } from '@/config/paths.ts';
import { cancelSubscription } from '../api/membership-actions.ts';
import { MemberGate } from './member-gate.tsx';

/** /cancel-reason (spec 001 §2.10): the 4 reasons; Submit cancels and opens /profile. */
export function CancelReasonPage() {
  const navigate = useNavigate();
  const [reason, setReason] = useState<number | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  async function submit() {
    if (reason === null) return;
    setIsSaving(true);
    try {
      await cancelSubscription(reason);
      navigate(paths.profile());
    } catch {
      setIsSaving(false);
    }
  }
  return (
    <MemberGate title="Cancel Membership" allowCanceled>
      {() => (
        <main className="member-page">
          <PageTitle title="Cancel Membership" />
          <h1 className="member-page__title">You have successfully unsubscribed! Sad to see you go!</h1>
          <form
            className="member-page__card"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <fieldset className="reasons">
              <legend className="member-page__subtitle">Real quick, why did you leave?</legend>
              {CANCEL_REASONS.map((r) => (
                <label key={r.id} className="reasons__option">
                  <input
                    type="radio"
                    name="cancel-reason"
                    value={r.id}
                    checked={reason === r.id}
                    onChange={() => setReason(r.id)}
                  />
                  <span>{r.displayName}</span>
                </label>
              ))}
            </fieldset>
            <Button type="submit" disabled={reason === null} isLoading={isSaving} loadingLabel="Submitting">
              Submit
            </Button>
          </form>
          <Link to={paths.membership()}>Back to my membership</Link>
        </main>
      )}
    </MemberGate>
  );
}
