import { useEffect, useId, useRef, useState } from 'react';
import { copyText } from '../utils/copy-text.ts';

const FEEDBACK_MS = 3000;

/** The referral link, read-only, with a Copy button and "Link copied!" feedback. */
export function ReferralLinkField({ link }: { link: string }) {
  const inputId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [feedback, setFeedback] = useState('');

  useEffect(() => {
    if (!feedback) return;
    const timer = setTimeout(() => setFeedback(''), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [feedback]);

  async function copy() {
    const copied = await copyText(link, field.current);
    if (!copied) {
      field.current?.focus();
      field.current?.select();
    }
    setFeedback(copied ? 'Link copied!' : 'Press Ctrl+C (or ⌘C) to copy the selected link.');
  }

  return (
    <div className="referral-link">
      <label htmlFor={inputId} className="referral-link__label">
        Your referral link
      </label>
      <div className="referral-link__row">
        <input
          ref={field}
          id={inputId}
          className="referral-link__input"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="referral-link__copy" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <p className="referral-link__feedback" role="status" aria-live="polite">
        {feedback}
      </p>
    </div>
  );
}
