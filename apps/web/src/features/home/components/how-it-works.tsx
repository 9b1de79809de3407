import { Paths } from '@store/contracts';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { keepRanges } from '@/components/ui/keep-ranges.tsx';

const STEPS = [
  {
    title: 'Take the questionnaire',
    text: 'Tell us how you train, what you are working toward, what you eat and which flavors you like. It takes about 2 minutes.',
    image: '/site/step-quiz.svg',
  },
  {
    title: 'Try your samples',
    text: 'Your box brings 4 single-serve samples: 2 prime picks matched to your answers and 2 you choose yourself.',
    image: '/site/step-samples.svg',
  },
  {
    title: 'Buy your next tub',
    text: 'Found the one? Order the full-size tub at 25-50% off as a member. No more guessing, no more half-used tubs.',
    image: '/site/step-tub.svg',
  },
] as const;

/** How It Works in 3 steps; the top bar's How It Works link scrolls here (id `how-it-works`). */
export function HowItWorks() {
  return (
    <section
      id={Paths.howItWorksAnchor}
      className="home-section how-it-works"
      aria-labelledby="how-it-works-title"
    >
      <p className="eyebrow">Simple as 1, 2, 3</p>
      <h2 id="how-it-works-title" className="home-section__title">
        How It Works
      </h2>
      <ol className="how-it-works__steps">
        {STEPS.map((step, i) => (
          <li key={step.title} className="how-it-works__step">
            <img src={step.image} alt="" width={120} height={120} loading="lazy" />
            <p className="how-it-works__number" aria-hidden="true">
              {i + 1}
            </p>
            <h3 className="how-it-works__title">
              <span className="visually-hidden">Step {i + 1}: </span>
              {step.title}
            </h3>
            <p className="how-it-works__text">{keepRanges(step.text)}</p>
          </li>
        ))}
      </ol>
      <Link to={Paths.quizStart} className={buttonClass('primary')}>
        Start the questionnaire
      </Link>
    </section>
  );
}
