import { Paths } from '@store/contracts';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { paths } from '@/config/paths.ts';
import '@/styles/not-found.css';

/** Any path the route table does not know. */
export default function NotFoundRoute() {
  return (
    <main className="page page--narrow not-found">
      <PageTitle title="Page not found" />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>We can't find that page</h1>
      <p>The link may be old or mistyped. Here are some good places to go instead.</p>
      <div className="not-found__actions">
        <Link className={buttonClass('primary')} to={paths.home()}>
          Go to the home page
        </Link>
        <Link className={buttonClass('secondary')} to={Paths.quizStart}>
          Take the quiz
        </Link>
      </div>
    </main>
  );
}
