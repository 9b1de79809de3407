import { useEffect, useRef, useState } from 'react';
import {
  CLIP_FRAMES,
  CLIP_TOTAL_MS,
  type ClipFrame,
  EXERCISE_OPTIONS,
  FLAVOR_OPTIONS,
  RESULT_PICKS,
} from '../utils/quiz-clip-frames.ts';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../utils/use-media-query.ts';
import './quiz-clip.css';

const SECONDS = Math.round(CLIP_TOTAL_MS / 1000);

/**
 * The questionnaire clip: a short silent animation of the quiz in a phone frame. It starts by
 * itself once on screen (never under reduced motion), stops when scrolled away, and has a
 * Play/Pause button; before it first plays, the poster image stands in.
 */
export function QuizClip() {
  const prefersReducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const [frame, setFrame] = useState(0);
  const [hasStarted, setStarted] = useState(false);
  const [isPlaying, setPlaying] = useState(false);
  const [isVisible, setVisible] = useState(false);
  const [isUserPaused, setUserPaused] = useState(false);
  const figure = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = figure.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setVisible(Boolean(entry?.isIntersecting)), {
      threshold: 0.5,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Autoplay only for people who have not asked for less motion and have not paused it.
  useEffect(() => {
    if (isVisible && !prefersReducedMotion && !isUserPaused) {
      setStarted(true);
      setPlaying(true);
    }
    if (!isVisible) setPlaying(false);
  }, [isVisible, prefersReducedMotion, isUserPaused]);

  useEffect(() => {
    if (!isPlaying) return;
    const current = CLIP_FRAMES[frame]!;
    const timer = window.setTimeout(() => setFrame((f) => (f + 1) % CLIP_FRAMES.length), current.ms);
    return () => window.clearTimeout(timer);
  }, [frame, isPlaying]);

  function toggle() {
    if (isPlaying) {
      setPlaying(false);
      setUserPaused(true);
    } else {
      setStarted(true);
      setPlaying(true);
      setUserPaused(false);
    }
  }

  return (
    <figure ref={figure} className="quiz-clip">
      <div className="quiz-clip__stage">
        {hasStarted ? (
          <PhoneScreen frame={CLIP_FRAMES[frame]!} />
        ) : (
          <img
            className="quiz-clip__poster"
            src="/site/quiz-clip-poster.svg"
            alt=""
            width={360}
            height={450}
            loading="lazy"
          />
        )}
        <button
          type="button"
          className={isPlaying ? 'quiz-clip__toggle is-playing' : 'quiz-clip__toggle'}
          onClick={toggle}
          aria-label={isPlaying ? 'Pause the quiz preview' : 'Play the quiz preview'}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            {isPlaying ? (
              <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
            ) : (
              <path d="M8 5v14l11-7z" fill="currentColor" />
            )}
          </svg>
        </button>
      </div>
      <figcaption className="quiz-clip__caption">
        <strong>See the quiz in {SECONDS} seconds.</strong> Pick how you train, choose up to 4 flavors, and
        get your matches. No sound.
      </figcaption>
    </figure>
  );
}

/** What the phone shows for one frame; hidden from screen readers, the caption says it in words. */
function PhoneScreen({ frame }: { frame: ClipFrame }) {
  return (
    <div className="phone" aria-hidden="true">
      <div className="phone__screen">
        <div className="phone__progress">
          <span className={`phone__bar phone__bar--${frame.progress}`} />
        </div>
        {frame.screen === 'exercise' ? (
          <QuizScreen
            key="exercise"
            title="What kind of exercise do you do?"
            hint="Choose all that apply"
            options={EXERCISE_OPTIONS}
            checked={frame.checked}
          />
        ) : frame.screen === 'flavors' ? (
          <QuizScreen
            key="flavors"
            title="Which flavors do you like?"
            hint="Choose exactly 4"
            options={FLAVOR_OPTIONS}
            checked={frame.checked}
            isGrid
          />
        ) : (
          <div key="results" className="phone__view">
            <p className="phone__title">Your matches</p>
            <ul className="phone__results">
              {RESULT_PICKS.map((pick) => (
                <li key={pick.name} className="phone__result">
                  <span className={`phone__packet phone__packet--${pick.color.slice(1)}`} />
                  <span>
                    <span className="phone__result-name">{pick.name}</span>
                    <span className="phone__result-why">{pick.why}</span>
                  </span>
                  {pick.isPrime ? <span className="phone__prime">Prime pick</span> : null}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}

function QuizScreen(props: {
  title: string;
  hint: string;
  options: readonly string[];
  checked: readonly number[];
  isGrid?: boolean;
}) {
  return (
    <div className="phone__view">
      <p className="phone__title">{props.title}</p>
      <p className="phone__hint">{props.hint}</p>
      <ul className={props.isGrid ? 'phone__options phone__options--grid' : 'phone__options'}>
        {props.options.map((option, i) => (
          <li
            key={option}
            className={props.checked.includes(i) ? 'phone__option is-checked' : 'phone__option'}
          >
            {option}
          </li>
        ))}
      </ul>
      <span className="phone__next">Next</span>
    </div>
  );
}
