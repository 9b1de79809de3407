import { Link } from 'react-router';
import { PageTitle } from './page-title.tsx';

/** A page whose issue has not been built yet: it says so and offers a way back. */
export function Placeholder({ title }: { title: string }) {
  return (
    <main className="page page--narrow">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p>This page is not available yet. We are building it and it will open soon.</p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </main>
  );
}
