import { PartnerMessages, type PartnerRequestField } from '@store/contracts';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useAfterHydration } from '@/lib/use-after-hydration.ts';
import { useSeo } from '@/lib/use-seo.ts';
import { submitPartnerRequest } from '../api/submit-partner-request.ts';
import {
  EMPTY_PARTNER_FORM,
  type PartnerFormValues,
  type PartnerRules,
  visiblePartnerErrors,
} from '../utils/partner-form.ts';
import './influencer-page.css';

interface FieldSpec {
  name: PartnerRequestField;
  label: string;
  type?: string;
  autoComplete?: string;
  isOptional?: boolean;
  hint?: string;
  maxLength: number;
}

const FIELDS: readonly FieldSpec[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name', maxLength: 100 },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name', maxLength: 100 },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', maxLength: 254 },
  {
    name: 'phone',
    label: 'Phone number',
    type: 'tel',
    autoComplete: 'tel-national',
    hint: '10-digit U.S. number, for example (512) 555-0142',
    maxLength: 30,
  },
  {
    name: 'fitnessType',
    label: 'Fitness type',
    isOptional: true,
    hint: 'What you train or teach: powerlifting, running, yoga, CrossFit...',
    maxLength: 100,
  },
  {
    name: 'instagram',
    label: 'Instagram',
    isOptional: true,
    hint: 'Your handle, like @yourname',
    maxLength: 200,
  },
  { name: 'tiktok', label: 'TikTok', isOptional: true, hint: 'Your handle, like @yourname', maxLength: 200 },
  {
    name: 'otherSocials',
    label: 'Other socials',
    isOptional: true,
    hint: 'YouTube, a blog, a podcast, the gym where you coach',
    maxLength: 500,
  },
];

/** "Become an Ambassador!" (docs/product.md#public-pages, docs/product.md#rules), with the phone input the rules require. */
export function InfluencerPage() {
  useSeo({
    title: 'Become an Ambassador!',
    description:
      'Coaches, athletes and creators: apply to become a Sample First ambassador and help your community find a protein powder they will actually finish.',
    keywords: ['protein ambassador', 'fitness influencer program', 'protein powder partner'],
  });
  const [values, setValues] = useState<PartnerFormValues>(EMPTY_PARTNER_FORM);
  const [isSubmitted, setSubmitted] = useState(false);
  const [isSending, setSending] = useState(false);
  const [isDone, setDone] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<PartnerRequestField, string>>>({});
  const thanks = useRef<HTMLHeadingElement>(null);
  const rules = useAfterHydration<PartnerRules>(
    () => import('../utils/partner-rules.ts').then((m) => m.partnerRequestErrors),
    'The form rules',
  );
  const errors = { ...serverErrors, ...visiblePartnerErrors(values, isSubmitted, rules.loaded) };

  function update(name: PartnerRequestField, value: string) {
    setValues((v) => ({ ...v, [name]: value }));
    setServerErrors(({ [name]: _, ...rest }) => rest);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    const form = event.currentTarget;
    setSubmitted(true);
    // Sent before the rules arrived: checked once they do (a second click meanwhile does nothing);
    // rules that cannot load leave the checking to the server, whose 400 names the wrong fields.
    const check = await rules.forSubmit();
    if (!check) return;
    const all = visiblePartnerErrors(values, true, check.value);
    const firstWrong = FIELDS.find((f) => all[f.name]);
    if (firstWrong) {
      const element = form.elements.namedItem(firstWrong.name);
      if (element instanceof HTMLElement) element.focus();
      return;
    }
    setSending(true);
    try {
      await submitPartnerRequest({
        ...values,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
      });
      setDone(true);
      requestAnimationFrame(() => thanks.current?.focus());
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) setServerErrors(error.fieldErrors);
      console.error('The ambassador application was not sent', error);
    } finally {
      setSending(false);
    }
  }

  return (
    <main className="influencer">
      <section className="influencer__intro">
        <p className="influencer__eyebrow">Ambassador program</p>
        <h1 className="influencer__title">Become an Ambassador!</h1>
        <p className="influencer__lead">
          You help people train smarter. We help them find a protein powder they will actually finish. If your
          community trusts your take on supplements, let's work together.
        </p>
        <h2 className="influencer__subtitle">What we look for</h2>
        <ul className="influencer__list">
          <li>You train, coach or compete, and you share it.</li>
          <li>
            An engaged audience on Instagram, TikTok or elsewhere. Trust matters more than follower count.
          </li>
          <li>Honest opinions: you say what you really think of a flavor.</li>
        </ul>
        <p className="influencer__note">
          We read every application. Fields marked (optional) can be left empty; we need a way to reach you by
          email and phone.
        </p>
      </section>
      <section className="influencer__card" aria-labelledby="influencer-form-title">
        {isDone ? (
          <div className="influencer__done">
            <h2 id="influencer-form-title" ref={thanks} tabIndex={-1}>
              Application sent
            </h2>
            <p role="status">{PartnerMessages.thanks}</p>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <h2 id="influencer-form-title" className="influencer__form-title">
              Apply in 2 minutes
            </h2>
            <div className="influencer__grid">
              {FIELDS.map((field) => (
                <TextField
                  key={field.name}
                  name={field.name}
                  label={field.label}
                  type={field.type ?? 'text'}
                  autoComplete={field.autoComplete ?? 'off'}
                  isOptional={field.isOptional}
                  hint={field.hint}
                  maxLength={field.maxLength}
                  value={values[field.name]}
                  onChange={(e) => update(field.name, e.target.value)}
                  error={errors[field.name]}
                />
              ))}
            </div>
            <Button type="submit" block isLoading={isSending} loadingLabel="Sending your application">
              Submit application
            </Button>
          </form>
        )}
      </section>
    </main>
  );
}
