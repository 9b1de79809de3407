import { Paths } from '@store/contracts';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { HeroBoxArt } from './hero-box-art.tsx';

/** The wide-screen header: the promise, one call to action, and the box. */
export function DesktopHero() {
  return (
    <section className="desktop-hero" aria-labelledby="home-title">
      <div className="desktop-hero__copy">
        <p className="eyebrow">Protein powder, matched to you</p>
        <h1 id="home-title" className="desktop-hero__title">
          Sample first.
          <br />
          Then buy the tub you'll actually finish.
        </h1>
        <p className="desktop-hero__lead">
          Answer a 2-minute quiz about how you train, what you eat and the flavors you like. We send 4
          single-serve samples matched to you, and members save <span className="nowrap">25-50%</span> on
          full-size tubs of the ones they love.
        </p>
        <Link to={Paths.quizStart} className={buttonClass('primary')}>
          Take the quiz
        </Link>
        <ul className="trust-row">
          <li>Free U.S. shipping</li>
          <li>Delivery every 30, 45 or 60 days</li>
          <li>Cancel any time</li>
        </ul>
      </div>
      <HeroBoxArt className="desktop-hero__image" />
    </section>
  );
}
