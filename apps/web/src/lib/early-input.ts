/** Written by the prerendered pages' loader (apps/web/scripts/prerender.mjs), read here. */
const EARLY_PRESS = 'data-early-press';
const HYDRATED_EVENT = 'store:hydrated';

/**
 * What a visitor typed, ticked or pressed in a prerendered page before React took it over
 * (docs/decisions/014-prerendered-public-pages.md#limits). Hydration keeps such text on screen but
 * not in the components' state, so the next render would wipe it; this hands each changed field
 * to its component as the change event it missed, and presses again the button pressed last.
 */
export function replayEarlyInput(container: HTMLElement): void {
  // The loader (apps/web/scripts/prerender.mjs) stops marking presses: from now on React has them.
  document.dispatchEvent(new Event(HYDRATED_EVENT));
  for (const field of container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked) continue;
      // Through React's own setter, so it knows the built state, then the click it missed.
      field.checked = field.defaultChecked;
      field.click();
      continue;
    }
    if (field.value === field.defaultValue) continue;
    const typed = field.value;
    // React's setter records the built value; the prototype's sets the typed one behind its back,
    // so the input event below reads as a change.
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  // The button pressed before the app ran, which the loader marked: pressed again, now that React
  // listens (the hydrated page keeps the built elements, so it is the same element).
  const pressed = container.querySelector<HTMLElement>(`[${EARLY_PRESS}]`);
  if (pressed) {
    pressed.removeAttribute(EARLY_PRESS);
    pressed.click();
  }
}
