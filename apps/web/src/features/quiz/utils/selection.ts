import { QUIZ_FLAVOR_COUNT } from '@store/contracts';

/**
 * Toggles an option of a multi-select (docs/product.md#states-and-flows, quiz multi-select): choosing adds it only
 * while the cap is not reached, otherwise the click is ignored; unchecking always removes it.
 * Returns the same array when nothing changes, so React skips the render.
 */
export function toggleOption(
  selected: readonly number[],
  id: number,
  max = Number.POSITIVE_INFINITY,
): number[] {
  if (selected.includes(id)) return selected.filter((s) => s !== id);
  if (selected.length >= max) return selected as number[];
  return [...selected, id];
}

/** Whether the flavor step may go on: exactly the required number chosen (docs/product.md#rules). */
export function hasEnoughFlavors(flavors: readonly number[]): boolean {
  return flavors.length === QUIZ_FLAVOR_COUNT;
}

/** Whether an option was just chosen (it is in `next` but was not in `previous`). */
export function wasChosen(previous: readonly number[], next: readonly number[], id: number): boolean {
  return !previous.includes(id) && next.includes(id);
}
