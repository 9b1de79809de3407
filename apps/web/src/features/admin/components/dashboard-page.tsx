import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { useInbox } from '../api/get-inbox.ts';
import { useProducts } from '../api/get-products.ts';

/** A count read from a list's total; a dash while loading or when it could not be read. */
function Count({ total, isLoading }: { total: number | undefined; isLoading: boolean }) {
  if (isLoading) return <span className="admin-card__figure admin-card__figure--muted">…</span>;
  return <span className="admin-card__figure">{total ?? '–'}</span>;
}

/**
 * The first screen: what waits to be done, from real counts. Business figures (members,
 * renewals, revenue) come with the fulfillment part; until then this says so instead of guessing.
 */
export function DashboardPage() {
  const messages = useInbox('contact-messages', { status: 'unhandled', pageSize: 1 });
  const partners = useInbox('partner-requests', { status: 'unhandled', pageSize: 1 });
  const products = useProducts({ status: 'active', pageSize: 1 });
  return (
    <>
      <PageTitle title="Back office" />
      <header className="admin-page__header">
        <h1>Dashboard</h1>
      </header>
      <div className="admin-cards">
        <section className="admin-card" aria-labelledby="todo-messages">
          <h2 id="todo-messages" className="admin-card__title">
            Messages to answer
          </h2>
          <Count total={messages.data?.total} isLoading={messages.isLoading} />
          <Link to="/admin/messages">Open messages</Link>
        </section>
        <section className="admin-card" aria-labelledby="todo-partners">
          <h2 id="todo-partners" className="admin-card__title">
            Partner requests to review
          </h2>
          <Count total={partners.data?.total} isLoading={partners.isLoading} />
          <Link to="/admin/partners">Open partner requests</Link>
        </section>
        <section className="admin-card" aria-labelledby="todo-products">
          <h2 id="todo-products" className="admin-card__title">
            Products in the shop
          </h2>
          <Count total={products.data?.total} isLoading={products.isLoading} />
          <Link to="/admin/catalog">Open the catalog</Link>
        </section>
      </div>
      <section className="admin-card admin-card--wide admin-card--note" aria-labelledby="figures">
        <h2 id="figures" className="admin-card__title">
          Store figures
        </h2>
        <p>
          Members, cancellations, renewals due, failed payments and revenue by week come with the fulfillment
          part of the back office. They will be computed from the database for a period you choose; nothing is
          shown here until then.
        </p>
      </section>
    </>
  );
}
