import {
  REVIEW_ERROR_MS,
  REVIEW_MAX_CHARS,
  REVIEW_MIN_CHARS,
  type Review,
  ReviewMessages,
} from '@store/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { notify } from '@/lib/notifications.ts';
import { saveReview } from '../api/save-review.ts';
import { StarRating } from './star-rating.tsx';
import './reviews.css';

export interface ReviewDialogProps {
  productId: number;
  productTitle: string;
  /** The member's earlier review of this product: the dialog reopens with it, to change it. */
  earlier?: Review;
  onClose: () => void;
  /** The review was saved (the page shows it as reviewed). */
  onSaved?: () => void;
}

/** The review dialog (docs/product.md#states-and-flows, docs/product.md#rules review): stars, text of 25-500 characters, agreement. */
export function ReviewDialog({ productId, productTitle, earlier, onClose, onSaved }: ReviewDialogProps) {
  const titleId = useId();
  const textId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [rating, setRating] = useState(earlier?.rating ?? 0);
  const [text, setText] = useState(earlier?.description ?? '');
  const [agreed, setAgreed] = useState(earlier?.agreementConfirmation ?? false);
  const [message, setMessage] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal?.();
    return () => el?.close?.();
  }, []);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), REVIEW_ERROR_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const length = text.trim().length;

  async function submit() {
    if (rating < 1) return setMessage(ReviewMessages.rating);
    if (length < REVIEW_MIN_CHARS) return setMessage(ReviewMessages.tooShort);
    if (!agreed) return setMessage(ReviewMessages.agreement);
    setIsSaving(true);
    try {
      await saveReview({ productId, rating, description: text.trim(), agreementConfirmation: true });
      notify(ReviewMessages.saved, 'success');
      onSaved?.();
      onClose();
    } catch {
      setIsSaving(false);
    }
  }

  return (
    <dialog ref={dialog} className="review-dialog" aria-labelledby={titleId} onCancel={onClose}>
      <form
        method="dialog"
        className="review-dialog__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2 id={titleId} className="review-dialog__title">
          {earlier ? 'Edit your review of' : 'Review'} {productTitle}
        </h2>
        <StarRating value={rating} onChange={setRating} />
        <label htmlFor={textId} className="review-dialog__label">
          Your review
        </label>
        <textarea
          id={textId}
          className="review-dialog__text"
          rows={5}
          maxLength={REVIEW_MAX_CHARS}
          value={text}
          onChange={(event) => setText(event.target.value.slice(0, REVIEW_MAX_CHARS))}
          aria-describedby={`${textId}-count`}
        />
        <p id={`${textId}-count`} className="review-dialog__count" aria-live="polite">
          {length < REVIEW_MIN_CHARS
            ? `${length}/${REVIEW_MIN_CHARS} minimum`
            : `${text.length}/${REVIEW_MAX_CHARS}`}
        </p>
        <label className="review-dialog__check">
          <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
          <span>I agree to the privacy policy and confirm this review is my own honest opinion.</span>
        </label>
        <p className="review-dialog__note">Your review may be shared with our brand partners.</p>
        <p className="review-dialog__message" role="alert">
          {message ?? ''}
        </p>
        <div className="review-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={isSaving} loadingLabel="Submitting your review">
            Submit review
          </Button>
        </div>
      </form>
    </dialog>
  );
}
