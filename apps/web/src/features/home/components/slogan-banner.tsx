const SLOGANS = ['Try it first', 'Love it', 'Buy the tub', 'No more wasted tubs', 'Made for how you train'];

/**
 * The scrolling slogan strip. Screen readers hear the slogans once; the moving copy is
 * decoration, and it stands still for people who prefer reduced motion.
 */
export function SloganBanner() {
  const run = SLOGANS.map((slogan) => (
    <span key={slogan} className="slogan-banner__item">
      {slogan}
    </span>
  ));
  return (
    <div className="slogan-banner">
      <p className="visually-hidden">{SLOGANS.join('. ')}.</p>
      <div className="slogan-banner__track" aria-hidden="true">
        <div className="slogan-banner__run">{run}</div>
        <div className="slogan-banner__run">{run}</div>
      </div>
    </div>
  );
}
