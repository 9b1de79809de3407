import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A disclosure that behaves like people expect a menu to: Escape closes it and gives focus back to
 * its button; a click outside, focus leaving it, or a navigation closes it.
 */
export function useDropdown() {
  const [isOpen, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a navigation
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // Tabbing out of the button and its panel closes the panel.
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !rootRef.current?.contains(next)) setOpen(false);
    };
    const root = rootRef.current;
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    root?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      root?.removeEventListener('focusout', onFocusOut);
    };
  }, [isOpen]);

  return {
    isOpen,
    close: () => setOpen(false),
    toggle: () => setOpen((open) => !open),
    /** The wrapper of the button and its panel. */
    rootRef,
    toggleRef,
  };
}
