import { type FormEvent, useId, useState } from 'react';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useIsHydrated } from '@/lib/use-hydrated.ts';
import { sendContactMessage } from '../api/send-contact-message.ts';

type Status = 'idle' | 'loading' | 'sent';

const EMPTY = { name: '', email: '', text: '' };

/**
 * "Get in touch" (docs/product.md#states-and-flows, docs/product.md#rules): all three fields filled or submit does nothing; while sending
 * the button becomes a spinner; success clears the fields and says "Message sent!"; a failure
 * stops the spinner and is only logged here (the app's snackbar explains a refused request).
 */
export function ContactForm() {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [status, setStatus] = useState<Status>('idle');
  const isHydrated = useIsHydrated();

  function update(field: keyof typeof EMPTY, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (status === 'sent') setStatus('idle');
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'loading') return;
    const message = { name: values.name.trim(), email: values.email.trim(), text: values.text.trim() };
    if (!message.name || !message.email || !message.text) return;
    setStatus('loading');
    try {
      await sendContactMessage(message);
      setValues(EMPTY);
      setStatus('sent');
    } catch (error) {
      console.error('The contact message was not sent', error);
      setStatus('idle');
    }
  }

  return (
    <form className="contact-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="site-footer__heading">
        Get in touch
      </h2>
      <div className="contact-form__row">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          maxLength={100}
          value={values.name}
          onChange={(e) => update('name', e.target.value)}
        />
      </div>
      <div className="contact-form__row">
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={254}
          value={values.email}
          onChange={(e) => update('email', e.target.value)}
        />
      </div>
      <div className="contact-form__row">
        <label htmlFor={`${id}-text`}>Message</label>
        <textarea
          id={`${id}-text`}
          name="text"
          rows={4}
          maxLength={5000}
          value={values.text}
          onChange={(e) => update('text', e.target.value)}
        />
      </div>
      <div className="contact-form__actions">
        {status === 'loading' ? (
          <span className="contact-form__spinner">
            <Spinner label="Sending your message" />
          </span>
        ) : (
          // Not before hydration: the browser would send the fields in the address itself.
          <button type="submit" className="contact-form__submit" disabled={!isHydrated}>
            Send
          </button>
        )}
        <p className="contact-form__status" role="status">
          {status === 'sent' ? 'Message sent!' : ''}
        </p>
      </div>
    </form>
  );
}
