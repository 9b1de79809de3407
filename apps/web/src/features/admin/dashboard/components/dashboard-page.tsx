import { type AdminDashboard, formatUsd } from '@store/contracts';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useInbox } from '../../api/get-inbox.ts';
import { errorText } from '../../components/list-parts.tsx';
import { useBoxes, useCartOrders } from '../../fulfilment/api/get-boxes.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { periodLabel } from '../utils/period.ts';
import { CancelOffersPanel } from './cancel-offers-panel.tsx';
import { JobsPanel } from './jobs-panel.tsx';
import { PeriodPicker } from './period-picker.tsx';
import { TubPlansLaunchPanel } from './tub-plans-launch-panel.tsx';
import './dashboard.css';

// chart.js is the largest part of the back office: it loads only when the figures are drawn.
const RevenueChart = lazy(() => import('./dashboard-charts.tsx').then((m) => ({ default: m.RevenueChart })));
const CancellationsChart = lazy(() =>
  import('./dashboard-charts.tsx').then((m) => ({ default: m.CancellationsChart })),
);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The operator's first screen: what waits to be done, and the store's figures for a period. */
export function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const period = from && to && DATE.test(from) && DATE.test(to) ? { from, to } : {};
  const { data, error, isLoading, reload } = useDashboard(period);

  return (
    <>
      <PageTitle title="Dashboard" />
      <header className="admin-page__header">
        <div>
          <h1>Dashboard</h1>
          <p className="admin-page__intro">What waits to be done, and how the store did in a period.</p>
        </div>
      </header>
      <ToDo />
      <section className="dashboard" aria-labelledby="figures-title">
        <div className="dashboard__head">
          <h2 id="figures-title" className="dashboard__title">
            Store figures
            {data ? <span className="dashboard__period">{periodLabel(data.from, data.to)}</span> : null}
          </h2>
          <PeriodPicker
            from={data?.from ?? from}
            to={data?.to ?? to}
            onChange={(next) => setParams(new URLSearchParams(next))}
          />
        </div>
        {isLoading ? (
          <p className="admin-state">
            <Spinner label="Loading the figures" /> Loading the figures…
          </p>
        ) : error ? (
          <div className="admin-state admin-state--error" role="alert">
            <p>{errorText(error)}</p>
            <Button variant="secondary" className="btn--small" onClick={reload}>
              Try again
            </Button>
          </div>
        ) : data ? (
          <Figures data={data} />
        ) : null}
      </section>
      <CancelOffersPanel period={period} />
      <TubPlansLaunchPanel />
      <JobsPanel />
    </>
  );
}

function ToDo() {
  const assembly = useBoxes({ stage: 'assembly', pageSize: 1 });
  const tubs = useCartOrders({ status: 'to_ship', pageSize: 1 });
  const messages = useInbox('contact-messages', { status: 'unhandled', pageSize: 1 });
  const partners = useInbox('partner-requests', { status: 'unhandled', pageSize: 1 });
  return (
    <div className="admin-cards dashboard-todo">
      <TodoCard
        title="Boxes to ship"
        state={assembly}
        to="/admin/fulfilment?status=assembly"
        link="Open fulfillment"
      />
      <TodoCard
        title="Tub orders to ship"
        state={tubs}
        to="/admin/fulfilment/cart-orders"
        link="Open cart orders"
      />
      <TodoCard title="Messages to answer" state={messages} to="/admin/messages" link="Open messages" />
      <TodoCard
        title="Partner requests to review"
        state={partners}
        to="/admin/partners"
        link="Open partner requests"
      />
    </div>
  );
}

function TodoCard({
  title,
  state,
  to,
  link,
}: {
  title: string;
  state: { data?: { total: number } | undefined; isLoading: boolean };
  to: string;
  link: string;
}) {
  const id = useId();
  return (
    <section className="admin-card" aria-labelledby={id}>
      <h2 id={id} className="admin-card__title">
        {title}
      </h2>
      {state.isLoading ? (
        <span className="admin-card__figure admin-card__figure--muted">…</span>
      ) : (
        <span className="admin-card__figure">{state.data?.total ?? '–'}</span>
      )}
      <Link to={to}>{link}</Link>
    </section>
  );
}

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="admin-card dashboard-figure">
      <dt className="admin-card__title">{label}</dt>
      <dd className="dashboard-figure__value">
        <span className="admin-card__figure">{value}</span>
        {note ? <span className="dashboard-figure__note">{note}</span> : null}
      </dd>
    </div>
  );
}

function ChartFallback() {
  return (
    <p className="admin-state">
      <Spinner label="Drawing the chart" /> Drawing the chart…
    </p>
  );
}

function Figures({ data }: { data: AdminDashboard }) {
  const revenue = data.revenue.boxesCents + data.revenue.tubsCents;
  const hasRevenue = revenue > 0;
  return (
    <>
      <dl className="dashboard__figures">
        <Figure label="Active members" value={data.activeMembers} note="at the end of the period" />
        <Figure label="New members" value={data.newMembers} />
        <Figure label="Cancellations" value={data.cancellations.total} />
        <Figure label="Renewals due" value={data.renewalsDueNext7Days} note="in the next 7 days" />
        <Figure label="Failed payments" value={data.failedPayments} />
        <Figure
          label="Revenue"
          value={formatUsd(revenue)}
          note={`Boxes ${formatUsd(data.revenue.boxesCents)} · Tubs ${formatUsd(data.revenue.tubsCents)}`}
        />
      </dl>
      <div className="dashboard__charts">
        <section className="admin-card dashboard-chart" aria-labelledby="revenue-chart">
          <h3 id="revenue-chart" className="admin-card__title">
            Revenue by week
          </h3>
          {hasRevenue ? (
            <div className="dashboard-chart__canvas">
              <Suspense fallback={<ChartFallback />}>
                <RevenueChart weeks={data.revenue.byWeek} />
              </Suspense>
            </div>
          ) : (
            <p className="admin-state">No paid orders in this period.</p>
          )}
          <details className="dashboard-chart__table">
            <summary>Show as a table</summary>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Week of</th>
                  <th scope="col" className="admin-table__number">
                    Boxes
                  </th>
                  <th scope="col" className="admin-table__number">
                    Tubs
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.revenue.byWeek.map((w) => (
                  <tr key={w.weekStart}>
                    <th scope="row">{w.weekStart}</th>
                    <td className="admin-table__number">{formatUsd(w.boxesCents)}</td>
                    <td className="admin-table__number">{formatUsd(w.tubsCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </section>
        <section className="admin-card dashboard-chart" aria-labelledby="cancel-chart">
          <h3 id="cancel-chart" className="admin-card__title">
            Cancellations by reason
          </h3>
          {data.cancellations.total ? (
            <>
              <div className="dashboard-chart__canvas dashboard-chart__canvas--short">
                <Suspense fallback={<ChartFallback />}>
                  <CancellationsChart reasons={data.cancellations.byReason} />
                </Suspense>
              </div>
              <ul className="dashboard-chart__list">
                {data.cancellations.byReason.map((r) => (
                  <li key={r.reason ?? 'none'}>
                    <span>{r.name}</span> <strong>{r.count}</strong>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="admin-state">No cancellations in this period.</p>
          )}
        </section>
      </div>
    </>
  );
}
