import { Paths } from '@store/contracts';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';

/** The last call to action before the footer. */
export function ClosingCall() {
  return (
    <section className="closing-call" aria-labelledby="closing-call-title">
      <h2 id="closing-call-title" className="closing-call__title">
        Ready to find your protein?
      </h2>
      <p className="closing-call__text">
        Two minutes of questions, four samples, and no more tubs you never finish.
      </p>
      <Link to={Paths.quizStart} className={buttonClass('secondary')}>
        Take the quiz
      </Link>
    </section>
  );
}
