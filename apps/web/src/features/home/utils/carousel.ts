/** The slide after `index`, wrapping (with 2 slides it toggles). */
export function nextSlide(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}

/** The slide before `index`, wrapping. */
export function previousSlide(index: number, count: number): number {
  return count > 0 ? (index - 1 + count) % count : 0;
}

/**
 * Where a horizontal swipe of `deltaX` pixels leads: past the threshold a swipe to the left shows
 * the next slide and to the right the previous one (with 2 slides either way toggles, docs/product.md#states-and-flows);
 * a shorter move, or one that is more vertical than horizontal (a scroll), changes nothing.
 */
export function slideAfterSwipe(
  index: number,
  count: number,
  deltaX: number,
  deltaY: number,
  thresholdPx: number,
): number {
  if (Math.abs(deltaX) <= thresholdPx || Math.abs(deltaY) > Math.abs(deltaX)) return index;
  return deltaX < 0 ? nextSlide(index, count) : previousSlide(index, count);
}

/** Why the carousel holds still; any one of them stops the timer. */
export interface CarouselPauses {
  isHovered: boolean;
  isFocused: boolean;
  isTouched: boolean;
  /** The person pressed Pause. */
  isStopped: boolean;
  /** prefers-reduced-motion: reduce. */
  prefersReducedMotion: boolean;
}

export function isCarouselRunning(pauses: CarouselPauses): boolean {
  return !(
    pauses.isHovered ||
    pauses.isFocused ||
    pauses.isTouched ||
    pauses.isStopped ||
    pauses.prefersReducedMotion
  );
}
