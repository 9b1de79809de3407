import { Carousel } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { isCarouselRunning, nextSlide, previousSlide, slideAfterSwipe } from './carousel.ts';

const T = Carousel.swipeThresholdPx;

describe('nextSlide and previousSlide', () => {
  it('toggle between 2 slides', () => {
    expect(nextSlide(0, 2)).toBe(1);
    expect(nextSlide(1, 2)).toBe(0);
    expect(previousSlide(0, 2)).toBe(1);
  });
  it('wrap with more slides', () => {
    expect(nextSlide(2, 3)).toBe(0);
    expect(previousSlide(0, 3)).toBe(2);
  });
});

describe('slideAfterSwipe', () => {
  it('toggles 2 slides on a swipe over 50 px either way', () => {
    expect(slideAfterSwipe(0, 2, -51, 0, T)).toBe(1);
    expect(slideAfterSwipe(0, 2, 51, 0, T)).toBe(1);
    expect(slideAfterSwipe(1, 2, -120, 10, T)).toBe(0);
  });
  it('ignores a move of 50 px or less', () => {
    expect(slideAfterSwipe(0, 2, -50, 0, T)).toBe(0);
    expect(slideAfterSwipe(1, 2, 30, 0, T)).toBe(1);
  });
  it('ignores a mostly vertical move, which is a scroll', () => {
    expect(slideAfterSwipe(0, 2, -60, 90, T)).toBe(0);
  });
  it('goes forward on a left swipe and back on a right swipe with 3 slides', () => {
    expect(slideAfterSwipe(1, 3, -80, 0, T)).toBe(2);
    expect(slideAfterSwipe(1, 3, 80, 0, T)).toBe(0);
  });
});

describe('isCarouselRunning', () => {
  const still = {
    isHovered: false,
    isFocused: false,
    isTouched: false,
    isStopped: false,
    prefersReducedMotion: false,
  };
  it('runs when nothing holds it', () => {
    expect(isCarouselRunning(still)).toBe(true);
  });
  it.each(['isHovered', 'isFocused', 'isTouched', 'isStopped', 'prefersReducedMotion'] as const)(
    'pauses while %s',
    (key) => {
      expect(isCarouselRunning({ ...still, [key]: true })).toBe(false);
    },
  );
});
