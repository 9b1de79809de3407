import { useSeo } from '@/lib/use-seo.ts';
import { ClosingCall } from './closing-call.tsx';
import { DesktopHero } from './desktop-hero.tsx';
import { DiscoverPlanCard } from './discover-plan-card.tsx';
import { Faq } from './faq.tsx';
import { HeaderCarousel } from './header-carousel.tsx';
import { HowItWorks } from './how-it-works.tsx';
import { QuizClip } from './quiz-clip.tsx';
import { SloganBanner } from './slogan-banner.tsx';
import { StoreFigures } from './store-figures.tsx';
import './home-page.css';

/**
 * The home page (docs/product.md#public-pages): one header for phones, one for wider screens. Both
 * are in the page and CSS shows one, so the prerendered HTML is right at any width before any
 * script runs (docs/decisions/014-prerendered-public-pages.md#how).
 */
export function HomePage() {
  useSeo({
    title: 'Sample First',
    description:
      'Take a 2-minute quiz, get 4 protein powder samples matched to your training, diet and taste, and buy full-size tubs of the ones you love for 25-50% less.',
    keywords: [
      'protein powder samples',
      'protein powder subscription',
      'whey protein',
      'plant protein',
      'protein quiz',
    ],
    canonical: '/',
  });
  return (
    <main className="home">
      <div className="home__phone-header">
        <h1 className="visually-hidden">Sample First: protein powder samples matched to you</h1>
        <HeaderCarousel />
      </div>
      <DesktopHero />
      <SloganBanner />
      <HowItWorks />
      <section className="home-section home-preview" aria-labelledby="preview-title">
        <div className="home-preview__copy">
          <p className="eyebrow">The questionnaire</p>
          <h2 id="preview-title" className="home-section__title">
            Two minutes to your first box
          </h2>
          <p className="home-preview__text">
            We ask what a good coach would: how you train and how often, your goals, your diet and allergies,
            the flavors and textures you like, and the brands you have tried. Then we match you with powders
            that fit, and tell you why each one made the cut.
          </p>
        </div>
        <QuizClip />
      </section>
      <section className="home-section home-plan" aria-labelledby="plan-title">
        <div className="home-plan__copy">
          <p className="eyebrow">Membership</p>
          <h2 id="plan-title" className="home-section__title">
            One plan, built around your taste
          </h2>
          <p className="home-plan__text">
            The Discover plan sends a box of 4 samples every 30, 45 or 60 days. Every sample you try unlocks
            that product in the members-only shop.
          </p>
          <dl className="home-plan__points">
            <div>
              <dt>Prime picks</dt>
              <dd>2 samples our matching chooses from your answers, with the reason it chose each one.</dd>
            </div>
            <div>
              <dt>Your picks</dt>
              <dd>2 more that you choose from the products that fit your diet and allergies.</dd>
            </div>
            <div>
              <dt>Member prices</dt>
              <dd>
                <span className="nowrap">25-50%</span> off full-size tubs of everything you have sampled.
              </dd>
            </div>
          </dl>
        </div>
        <DiscoverPlanCard />
      </section>
      <StoreFigures />
      <Faq />
      <ClosingCall />
    </main>
  );
}
