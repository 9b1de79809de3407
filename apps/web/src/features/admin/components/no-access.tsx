import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/page-title.tsx';
import './admin.css';

/** What a signed-in customer sees at /admin; the API refuses them anyway. */
export function NoAccess() {
  return (
    <main className="page page--narrow admin-no-access">
      <PageTitle title="No access" />
      <h1>You do not have access</h1>
      <p>
        The back office is for the people who run the store. If you should have access, ask an operator to add
        the admin permission to your account.
      </p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </main>
  );
}
