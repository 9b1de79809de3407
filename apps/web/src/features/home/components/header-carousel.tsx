import { Carousel, Paths } from '@store/contracts';
import { type MouseEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { isCarouselRunning, slideAfterSwipe } from '../utils/carousel.ts';
import { MOBILE_QUERY, REDUCED_MOTION_QUERY, useMediaQuery } from '../utils/use-media-query.ts';
import { HeroBoxArt } from './hero-box-art.tsx';
import './header-carousel.css';
import { keepRanges } from '@/components/ui/keep-ranges.tsx';

interface Slide {
  title: string;
  text: string;
  cta: string;
  image: string;
  imageAlt: string;
}

const SLIDES: readonly Slide[] = [
  {
    title: 'Try protein before you buy the tub',
    text: 'A 2-minute quiz matches you with 4 single-serve samples picked for your training, diet and taste.',
    cta: 'Take the quiz',
    image: '/site/hero-box.svg',
    imageAlt: 'An open Sample First box holding four protein powder sample packets',
  },
  {
    title: 'Loved a sample? Get the tub for less',
    text: 'Members save 25-50% on full-size tubs of the flavors they tried and liked.',
    cta: 'Get started',
    image: '/site/hero-tubs.svg',
    imageAlt: 'Three full-size protein tubs with a member price tag',
  },
];

/**
 * The phone header (docs/product.md#public-pages, docs/product.md#states-and-flows): 2 slides that advance every 5 s, a swipe over 50 px
 * toggles, and the timer holds while the person hovers, focuses or touches it, presses Pause,
 * or prefers reduced motion.
 */
export function HeaderCarousel() {
  const [index, setIndex] = useState(0);
  const [isHovered, setHovered] = useState(false);
  const [isFocused, setFocused] = useState(false);
  const [isTouched, setTouched] = useState(false);
  const [isStopped, setStopped] = useState(false);
  const prefersReducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  // On wider screens the carousel is in the page but hidden by CSS: its timer has nothing to show.
  const isShown = useMediaQuery(MOBILE_QUERY);
  const start = useRef<{ x: number; y: number } | null>(null);
  // A mouse drag that ends on the call to action must not also follow the link.
  const didSwipe = useRef(false);
  const isRunning = isCarouselRunning({ isHovered, isFocused, isTouched, isStopped, prefersReducedMotion });

  // A new timer after every change of slide, so a manual change gets its full 5 s too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: index restarts the timer, it is not read
  useEffect(() => {
    if (!isRunning || !isShown) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % SLIDES.length), Carousel.advanceMs);
    return () => window.clearTimeout(timer);
  }, [index, isRunning, isShown]);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    start.current = { x: event.clientX, y: event.clientY };
    if (event.pointerType !== 'mouse') setTouched(true);
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const from = start.current;
    start.current = null;
    if (event.pointerType !== 'mouse') setTouched(false);
    if (!from) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    const target = slideAfterSwipe(index, SLIDES.length, dx, dy, Carousel.swipeThresholdPx);
    didSwipe.current = target !== index;
    setIndex(target);
  }

  function onClickCapture(event: MouseEvent<HTMLDivElement>) {
    if (!didSwipe.current) return;
    didSwipe.current = false;
    event.preventDefault();
    event.stopPropagation();
  }

  function onPointerCancel() {
    start.current = null;
    setTouched(false);
  }

  return (
    <section
      className="header-carousel"
      aria-roledescription="carousel"
      aria-label="Sample First highlights"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="header-carousel__viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onClickCapture={onClickCapture}
        data-testid="carousel-viewport"
      >
        <div className="header-carousel__track" data-slide={index} aria-live={isRunning ? 'off' : 'polite'}>
          {SLIDES.map((slide, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's slide is a group, not a form fieldset
            <div
              key={slide.title}
              className="header-carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${SLIDES.length}`}
              aria-hidden={i !== index}
              inert={i !== index}
            >
              {i === 0 ? (
                <HeroBoxArt className="header-carousel__image" />
              ) : (
                <img
                  className="header-carousel__image"
                  src={slide.image}
                  alt={slide.imageAlt}
                  width={480}
                  height={400}
                  // Off screen until the first slide moves on, and never shown on wide screens.
                  loading="lazy"
                  draggable={false}
                />
              )}
              <h2 className="header-carousel__title">{slide.title}</h2>
              <p className="header-carousel__text">{keepRanges(slide.text)}</p>
              <Link to={Paths.quizStart} className={buttonClass('primary')} draggable={false}>
                {slide.cta}
              </Link>
            </div>
          ))}
        </div>
      </div>
      <div className="header-carousel__controls">
        <button
          type="button"
          className="header-carousel__pause"
          onClick={() => setStopped((s) => !s)}
          aria-label={isStopped ? 'Play slides' : 'Pause slides'}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            {isStopped ? (
              <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
            ) : (
              <path d="M4 2h3v12H4zM9 2h3v12H9z" fill="currentColor" />
            )}
          </svg>
        </button>
        {SLIDES.map((slide, i) => (
          <button
            key={slide.title}
            type="button"
            className="header-carousel__dot"
            aria-label={`Show slide ${i + 1} of ${SLIDES.length}`}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </section>
  );
}
