import { useState } from 'react';
import { addToNextBox } from '@/lib/add-to-next-box.ts';
import { useAuth } from '@/lib/auth.ts';
import './add-to-next-box.css';

/**
 * "Add to my next box" beside ADD TO CART for an unlocked tub (docs/product.md#next-box-extras):
 * shown to a member whose membership is active or paused (a next box is coming). The caller
 * gives the button's class, so it sits with the buttons around it.
 */
export function AddToNextBoxButton({
  productId,
  name,
  className,
}: {
  productId: number;
  name: string;
  className: string;
}) {
  const { info } = useAuth();
  const [isAdding, setAdding] = useState(false);
  const status = info?.subscription?.statusName;
  if (status !== 'Active' && status !== 'Paused') return null;
  return (
    <button
      type="button"
      className={className}
      // The name starts with the words the button shows, as speech input needs (axe
      // label-content-name-mismatch), then says which tub.
      aria-label={`Add to my next box: ${name}`}
      aria-disabled={isAdding || undefined}
      aria-busy={isAdding || undefined}
      onClick={async () => {
        if (isAdding) return;
        setAdding(true);
        await addToNextBox(productId, name);
        setAdding(false);
      }}
    >
      {isAdding ? 'ADDING...' : 'ADD TO MY NEXT BOX'}
    </button>
  );
}
