import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/page-title.tsx';

export default function NotFoundRoute() {
  return (
    <main className="page page--narrow">
      <PageTitle title="Page not found" />
      <h1>Page not found</h1>
      <p>The page you asked for does not exist. It may have moved.</p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </main>
  );
}
