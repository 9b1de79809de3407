import type { Identity, SaveIdentity } from '@store/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { paths } from '@/config/paths.ts';
import { loadAuthInfo, useAuth } from '@/lib/auth.ts';
import { notify } from '@/lib/notifications.ts';
import { saveProfile } from '../api/profile-api.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import './profile.css';

export const PROFILE_UPDATED = 'Profile updated!';

interface FormValues {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  age: string;
  zipCode: string;
  isEmailSubscribed: boolean;
}

function valuesOf(identity: Identity): FormValues {
  return {
    firstName: identity.firstName ?? '',
    lastName: identity.lastName ?? '',
    phoneNumber: identity.phoneNumber ?? '',
    age: identity.age === null ? '' : String(identity.age),
    zipCode: identity.shippingAddress?.postalCode ?? '',
    isEmailSubscribed: identity.isEmailSubscribed,
  };
}

/** Only the fields that changed, in SaveIdentity's names (its schema refuses any other key). */
function changesOf(identity: Identity, before: FormValues, after: FormValues): SaveIdentity {
  const changes: SaveIdentity = {};
  if (after.firstName !== before.firstName) changes.firstName = after.firstName.trim() || null;
  if (after.lastName !== before.lastName) changes.lastName = after.lastName.trim() || null;
  if (after.phoneNumber !== before.phoneNumber) changes.phoneNumber = after.phoneNumber.trim();
  if (after.age !== before.age) changes.age = after.age.trim() ? Number(after.age) : null;
  if (after.isEmailSubscribed !== before.isEmailSubscribed)
    changes.isEmailSubscribed = after.isEmailSubscribed;
  if (after.zipCode !== before.zipCode) {
    changes.shippingAddress = {
      ...(identity.shippingAddress ?? {}),
      postalCode: after.zipCode.trim() || null,
    };
  }
  return changes;
}

/** /profile (docs/product.md#member-area): Account Info, Change Password, Fitness Profile and Order History. */
export function ProfilePage({ orderHistory }: { orderHistory: ReactNode }) {
  const { info, status } = useAuth();
  useEffect(() => {
    void loadAuthInfo();
  }, []);
  if (!info) {
    return (
      <main className="profile profile--state">
        <PageTitle title="Profile" />
        {status === 'unavailable' ? (
          <Button onClick={() => void loadAuthInfo()}>Try again</Button>
        ) : (
          <Spinner large label="Loading your profile" />
        )}
      </main>
    );
  }
  return <ProfileContent key={info.identity.id} identity={info.identity} orderHistory={orderHistory} />;
}

function ProfileContent({ identity, orderHistory }: { identity: Identity; orderHistory: ReactNode }) {
  const [saved, setSaved] = useState(() => valuesOf(identity));
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setIsSaving] = useState(false);
  const [isPasswordOpen, setIsPasswordOpen] = useState(false);
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);
  const changes = changesOf(identity, saved, values);
  const isChanged = Object.keys(changes).length > 0;

  const set = (field: keyof FormValues) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues({
      ...values,
      [field]: event.target.type === 'checkbox' ? event.target.checked : event.target.value,
    });

  async function submit() {
    setIsSaving(true);
    setErrors({});
    try {
      const updated = await saveProfile(changes);
      const next = valuesOf(updated);
      setSaved(next);
      setValues(next);
      notify(PROFILE_UPDATED, 'success');
    } catch (error) {
      const fieldErrors = (error as { fieldErrors?: Record<string, string> }).fieldErrors;
      if (fieldErrors) setErrors(fieldErrors);
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <main className="profile">
      <PageTitle title="Profile" />
      <h1 className="profile__title">Profile</h1>
      <form
        className="profile__card"
        aria-labelledby="account-title"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2 id="account-title" className="profile__subtitle">
          Account Info
        </h2>
        <div className="profile__grid">
          <TextField
            name="firstName"
            label="First name"
            value={values.firstName}
            onChange={set('firstName')}
            autoComplete="given-name"
            error={errors.firstName}
          />
          <TextField
            name="lastName"
            label="Last name"
            value={values.lastName}
            onChange={set('lastName')}
            autoComplete="family-name"
            error={errors.lastName}
          />
          <TextField
            name="emailAddress"
            label="Email"
            value={identity.emailAddress}
            readOnly
            aria-readonly="true"
          />
          <TextField
            name="phoneNumber"
            label="Phone"
            type="tel"
            value={values.phoneNumber}
            onChange={set('phoneNumber')}
            autoComplete="tel"
            error={errors.phoneNumber}
          />
          <TextField
            name="age"
            label="Age"
            inputMode="numeric"
            value={values.age}
            onChange={set('age')}
            error={errors.age}
          />
          <TextField
            name="zipCode"
            label="Zip code"
            inputMode="numeric"
            value={values.zipCode}
            onChange={set('zipCode')}
            autoComplete="postal-code"
            error={errors['shippingAddress.postalCode'] ?? errors.shippingAddress}
          />
        </div>
        <label className="profile__check">
          <input type="checkbox" checked={values.isEmailSubscribed} onChange={set('isEmailSubscribed')} />
          <span>Receive email updates and promotions</span>
        </label>
        <div className="profile__actions">
          <Button type="submit" disabled={!isChanged} isLoading={isSaving} loadingLabel="Saving your profile">
            Update Info
          </Button>
          <Button variant="secondary" onClick={() => setIsPasswordOpen(true)}>
            Change Password
          </Button>
        </div>
      </form>
      <section className="profile__card" aria-labelledby="fitness-title">
        <h2 id="fitness-title" className="profile__subtitle">
          Fitness Profile
        </h2>
        <p>Your quiz answers choose the samples in your boxes.</p>
        <div className="profile__actions">
          <Link to={paths.quiz(1, identity.quizId ?? undefined)} className={buttonClass('primary')}>
            Change Preferences
          </Link>
          <Button
            variant="secondary"
            aria-expanded={isHistoryOpen}
            onClick={() => setIsHistoryOpen(!isHistoryOpen)}
          >
            Order History
          </Button>
        </div>
        {isHistoryOpen ? orderHistory : null}
      </section>
      {isPasswordOpen ? <ChangePasswordDialog onClose={() => setIsPasswordOpen(false)} /> : null}
    </main>
  );
}
