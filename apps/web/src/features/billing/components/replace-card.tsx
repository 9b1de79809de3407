import type { ReactNode, RefObject } from 'react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { setDefaultCard } from '../api/set-default-card.ts';

export const CARD_REPLACED = 'Your card was replaced.';

/** What the billing page needs of a card field (sandbox or Stripe Elements). */
export interface CardSource {
  createPaymentMethod(): Promise<{ paymentMethodId: string } | { error: string }>;
}

export interface ReplaceCardProps {
  renderCardField: (isDisabled: boolean) => ReactNode;
  card: RefObject<CardSource | null>;
  onReplaced: () => void;
}

/** "Replace card": a new card typed in the card field becomes the default. */
export function ReplaceCard({ renderCardField, card, onReplaced }: ReplaceCardProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState('');

  async function save() {
    if (!card.current) return;
    setError('');
    setIsSaving(true);
    try {
      const created = await card.current.createPaymentMethod();
      if ('error' in created) {
        setError(created.error);
        return;
      }
      await setDefaultCard(created.paymentMethodId);
      notify(CARD_REPLACED, 'success');
      setIsOpen(false);
      onReplaced();
    } catch (failure) {
      setError(
        failure instanceof ApiError ? failure.message : 'We could not save this card. Please try again.',
      );
    } finally {
      setIsSaving(false);
    }
  }

  if (!isOpen) {
    return (
      <Button variant="secondary" onClick={() => setIsOpen(true)}>
        Replace card
      </Button>
    );
  }
  return (
    <div className="billing__replace">
      {renderCardField(isSaving)}
      <p className="billing__error" role="alert">
        {error}
      </p>
      <div className="billing__actions">
        <Button onClick={() => void save()} isLoading={isSaving} loadingLabel="Saving your card">
          Save card
        </Button>
        <Button variant="secondary" onClick={() => setIsOpen(false)} disabled={isSaving}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
