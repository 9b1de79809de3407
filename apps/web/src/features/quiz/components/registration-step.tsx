import { Link } from 'react-router';
import { CheckboxField } from '@/components/ui/text-field.tsx';
import { paths } from '@/config/paths.ts';
import {
  AGE_OPTIONS,
  type RegistrationErrors,
  type RegistrationForm,
  type SignedInAccount,
} from '../utils/step-rules.ts';

export interface RegistrationProblem {
  message: string;
  /** The email has an account already: offer the login page. */
  suggestLogin: boolean;
}

interface RegistrationStepProps {
  form: RegistrationForm;
  errors: RegistrationErrors;
  problem: RegistrationProblem | null;
  onChange: (change: Partial<RegistrationForm>) => void;
  /** Set when someone is signed in already: the quiz joins their account. */
  account?: SignedInAccount;
}

interface FieldProps {
  id: keyof RegistrationForm;
  label: string;
  error: string | undefined;
  children: (describedBy: string | undefined) => React.ReactNode;
}

function Field({ id, label, error, children }: FieldProps) {
  const errorId = `quiz-${id}-error`;
  return (
    <div className="quiz-field">
      <label className="quiz-field__label" htmlFor={`quiz-${id}`}>
        {label}
      </label>
      {children(error ? errorId : undefined)}
      {error ? (
        <p className="quiz-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function AgeField({ form, errors, onChange }: Pick<RegistrationStepProps, 'form' | 'errors' | 'onChange'>) {
  return (
    <Field id="age" label="Age*" error={errors.age}>
      {(describedBy) => (
        <select
          id="quiz-age"
          className="quiz-input"
          required
          value={form.age}
          aria-invalid={Boolean(errors.age) || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange({ age: Number(e.target.value) })}
        >
          <option value={0}>Select your age</option>
          {AGE_OPTIONS.map((age) => (
            <option key={age} value={age}>
              {age}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function ProblemNotice({ problem }: { problem: RegistrationProblem | null }) {
  if (!problem) return null;
  return (
    <div className="quiz-registration__problem" role="alert">
      {problem.message}
      {problem.suggestLogin ? (
        <>
          {' '}
          <Link to={paths.login()}>Log in</Link>
        </>
      ) : null}
    </div>
  );
}

/**
 * Step 12, "Almost Done...": the account is created with the quiz (docs/product.md#sign-up), or,
 * for someone already signed in, the quiz joins their account and only a missing age is asked.
 */
export function RegistrationStep({ form, errors, problem, onChange, account }: RegistrationStepProps) {
  if (account) {
    return (
      <div className="quiz-registration">
        <p className="quiz-registration__intro">
          You are signed in as <strong>{account.emailAddress}</strong>. Your answers will be saved to your
          account{account.needsAge ? ' once you tell us your age' : ''}.
        </p>
        <ProblemNotice problem={problem} />
        {account.needsAge ? (
          <div className="quiz-registration__row">
            <AgeField form={form} errors={errors} onChange={onChange} />
          </div>
        ) : null}
        <p className="quiz-registration__fine">
          Not you? <Link to={paths.login()}>Log in with another account</Link>.
        </p>
      </div>
    );
  }
  return (
    <div className="quiz-registration">
      <p className="quiz-registration__intro">Create your account to see the products matched to you.</p>
      <ProblemNotice problem={problem} />
      <Field id="emailAddress" label="Email Address*" error={errors.emailAddress}>
        {(describedBy) => (
          <input
            id="quiz-emailAddress"
            className="quiz-input"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={254}
            value={form.emailAddress}
            aria-invalid={Boolean(errors.emailAddress) || undefined}
            aria-describedby={describedBy}
            onChange={(e) => onChange({ emailAddress: e.target.value })}
          />
        )}
      </Field>
      <Field id="password" label="Password*" error={errors.password}>
        {(describedBy) => (
          <input
            id="quiz-password"
            className="quiz-input"
            type="password"
            autoComplete="new-password"
            required
            maxLength={128}
            value={form.password}
            aria-invalid={Boolean(errors.password) || undefined}
            aria-describedby={describedBy}
            onChange={(e) => onChange({ password: e.target.value })}
          />
        )}
      </Field>
      <Field id="confirmPassword" label="Confirm Password*" error={errors.confirmPassword}>
        {(describedBy) => (
          <input
            id="quiz-confirmPassword"
            className="quiz-input"
            type="password"
            autoComplete="new-password"
            required
            maxLength={128}
            value={form.confirmPassword}
            aria-invalid={Boolean(errors.confirmPassword) || undefined}
            aria-describedby={describedBy}
            onChange={(e) => onChange({ confirmPassword: e.target.value })}
          />
        )}
      </Field>
      <div className="quiz-registration__row">
        <AgeField form={form} errors={errors} onChange={onChange} />
        <Field id="phoneNumber" label="Phone (optional)" error={errors.phoneNumber}>
          {(describedBy) => (
            <input
              id="quiz-phoneNumber"
              className="quiz-input"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              maxLength={30}
              value={form.phoneNumber}
              aria-invalid={Boolean(errors.phoneNumber) || undefined}
              aria-describedby={describedBy}
              onChange={(e) => onChange({ phoneNumber: e.target.value })}
            />
          )}
        </Field>
      </div>
      <CheckboxField
        label="Email me news and offers"
        name="isEmailSubscribed"
        checked={form.isEmailSubscribed}
        onChange={(e) => onChange({ isEmailSubscribed: e.target.checked })}
      />
      <p className="quiz-registration__fine">
        You must be 13 or older to join. By continuing you agree to our{' '}
        <Link to={paths.privacyPolicy()}>Privacy Policy</Link>.
      </p>
    </div>
  );
}
