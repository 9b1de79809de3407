import { lazy, Suspense } from 'react';
import { Link, Route, Routes } from 'react-router';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { AdminLayout } from '@/features/admin/components/admin-layout.tsx';
import { AuditPage } from '@/features/admin/components/audit-page.tsx';
import { BrandsPage } from '@/features/admin/components/brands-page.tsx';
import { InboxPage } from '@/features/admin/components/inbox-page.tsx';
import { NoAccess } from '@/features/admin/components/no-access.tsx';
import { ProductEditor } from '@/features/admin/components/product-editor.tsx';
import { ProductsPage } from '@/features/admin/components/products-page.tsx';
import { CouponsPage } from '@/features/admin/coupons/components/coupons-page.tsx';
import { DashboardPage } from '@/features/admin/dashboard/components/dashboard-page.tsx';
import { CartOrdersPage } from '@/features/admin/fulfilment/components/cart-orders-page.tsx';
import { FulfilmentPage } from '@/features/admin/fulfilment/components/fulfilment-page.tsx';
import { PackingListPage } from '@/features/admin/fulfilment/components/packing-list-page.tsx';
import { IssueReportsPage } from '@/features/admin/issue-reports/components/issue-reports-page.tsx';
import { MemberPage } from '@/features/admin/members/components/member-page.tsx';
import { MembersPage } from '@/features/admin/members/components/members-page.tsx';
import { ReviewsPage } from '@/features/admin/reviews/components/reviews-page.tsx';
import { useAuth } from '@/lib/auth.ts';

// The insights page loads only when it is opened (its charts and tables are the largest page).
const InsightsPage = lazy(() =>
  import('@/features/admin/insights/components/insights-page.tsx').then((m) => ({ default: m.InsightsPage })),
);

/**
 * The back office (docs/product.md#back-office): for identities with the `admin` permission. Everyone else sees
 * that they have no access; the API refuses them whatever this page shows.
 */
export default function AdminRoute() {
  const { status, info } = useAuth();
  if (status === 'loading' || (status === 'signed-in' && !info)) {
    return (
      <main className="page">
        <PageTitle title="Back office" />
        <Spinner large label="Loading the back office" />
      </main>
    );
  }
  if (!info) {
    return (
      <main className="page page--narrow">
        <PageTitle title="Back office" />
        <h1>Back office</h1>
        <p role="alert">We couldn't load your account. Please reload the page.</p>
        <p>
          <Link to="/">Back to the home page</Link>
        </p>
      </main>
    );
  }
  if (!info.identity.permissions.includes('admin')) return <NoAccess />;
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardPage />} />
        <Route
          path="insights"
          element={
            <Suspense fallback={<Spinner large label="Loading the insights" />}>
              <InsightsPage />
            </Suspense>
          }
        />
        <Route path="catalog" element={<ProductsPage />} />
        <Route path="catalog/new" element={<ProductEditor />} />
        <Route path="catalog/:productId" element={<ProductEditor />} />
        <Route path="brands" element={<BrandsPage />} />
        <Route path="messages" element={<InboxPage key="messages" name="contact-messages" />} />
        <Route path="partners" element={<InboxPage key="partners" name="partner-requests" />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="members" element={<MembersPage />} />
        <Route path="members/:memberId" element={<MemberPage />} />
        <Route path="coupons" element={<CouponsPage />} />
        <Route path="reviews" element={<ReviewsPage />} />
        <Route path="issue-reports" element={<IssueReportsPage />} />
        <Route path="fulfilment" element={<FulfilmentPage />} />
        <Route path="fulfilment/cart-orders" element={<CartOrdersPage />} />
        <Route path="fulfilment/packing" element={<PackingListPage />} />
        <Route
          path="*"
          element={
            <p className="admin-state">
              This part of the back office does not exist. <Link to="/admin">Back to the dashboard</Link>
            </p>
          }
        />
      </Route>
    </Routes>
  );
}
