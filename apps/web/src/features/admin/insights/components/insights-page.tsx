import { type AdminInsights, formatUsd } from '@store/contracts';
import { type ReactNode, useId } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorText } from '../../components/list-parts.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { PeriodPicker } from '../../dashboard/components/period-picker.tsx';
import { periodLabel } from '../../dashboard/utils/period.ts';
import { useInsights } from '../api/get-insights.ts';
import { type CsvCell, csvName, dollars, percent, toCsv } from '../utils/csv.ts';
import './insights.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What the quiz asks on each step (docs/product.md#quiz-and-first-box). */
const STEP_NAMES = [
  'Exercise types',
  'How often',
  'Goals',
  'Diet',
  'Restrictions',
  'Flavors',
  'Textures',
  'Tried protein before',
  'Mixing',
  'Liked brands',
  'Disliked brands',
  'Sign-up',
];

/**
 * The business in figures for the operator (docs/product.md#insights): MRR over time, revenue,
 * cohorts as a heat map, the quiz funnel as bars, and a table with a CSV download under each.
 */
export function InsightsPage() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const period = from && to && DATE.test(from) && DATE.test(to) ? { from, to } : {};
  const { data, error, isLoading, reload } = useInsights(period);

  return (
    <>
      <PageTitle title="Insights" />
      <header className="admin-page__header insights__header">
        <div>
          <h1>Insights</h1>
          <p className="admin-page__intro">
            Revenue, retention, the quiz funnel and sample demand
            {data ? <span className="insights__period"> · {periodLabel(data.from, data.to)}</span> : null}
          </p>
        </div>
        <PeriodPicker
          from={data?.from ?? from}
          to={data?.to ?? to}
          onChange={(next) => setParams(new URLSearchParams(next))}
        />
      </header>
      {isLoading ? (
        <p className="admin-state">
          <Spinner label="Loading the insights" /> Loading the insights…
        </p>
      ) : error ? (
        <div className="admin-state admin-state--error" role="alert">
          <p>{errorText(error)}</p>
          <Button variant="secondary" className="btn--small" onClick={reload}>
            Try again
          </Button>
        </div>
      ) : data ? (
        <Insights data={data} />
      ) : null}
    </>
  );
}

function Insights({ data }: { data: AdminInsights }) {
  const r = data.revenueCents;
  return (
    <div className="insights">
      <dl className="insights__figures">
        <Figure label="MRR" value={formatUsd(data.mrrCents)} note="monthly run rate now" />
        <Figure
          label="Active members"
          value={data.activeMembers}
          note={`${data.pastDueMembers} past due · ${data.pausedMembers} paused`}
        />
        <Figure label="New members" value={data.newMembers} note="in the period" />
        <Figure
          label="Churn"
          value={percent(data.churnRate)}
          note={`${data.canceledMembers} canceled of ${data.membersAtStart} at the start`}
        />
        <Figure
          label="Revenue"
          value={formatUsd(r.totalCents)}
          note={r.refundsCents ? `after ${formatUsd(r.refundsCents)} refunded` : 'no refunds'}
        />
      </dl>

      <MrrSection data={data} />
      <RevenueSection data={data} />
      <CohortSection data={data} />
      <FunnelSection data={data} />
      <CancelSection data={data} />
      <ProfileSection data={data} />
      <SampleToTubSection data={data} />
      <DemandSection data={data} />
    </div>
  );
}

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="admin-card insights-figure">
      <dt className="admin-card__title">{label}</dt>
      <dd className="insights-figure__value">
        <span className="admin-card__figure">{value}</span>
        {note ? <span className="insights-figure__note">{note}</span> : null}
      </dd>
    </div>
  );
}

/** A titled part of the page: the picture (if any), then its table and the CSV download. */
function Section({
  title,
  intro,
  children,
  csv,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  csv?: { name: string; header: string[]; rows: CsvCell[][] } | undefined;
}) {
  const id = useId();
  return (
    <section className="admin-card insights-section" aria-labelledby={id}>
      <div className="insights-section__head">
        <h2 id={id} className="insights-section__title">
          {title}
        </h2>
        {csv ? <CsvButton {...csv} label={title} /> : null}
      </div>
      {intro ? <p className="insights-section__intro">{intro}</p> : null}
      {children}
    </section>
  );
}

function CsvButton({
  name,
  header,
  rows,
  label,
}: {
  name: string;
  header: string[];
  rows: CsvCell[][];
  label: string;
}) {
  function download() {
    const url = URL.createObjectURL(new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return (
    <Button
      variant="secondary"
      className="btn--small"
      onClick={download}
      aria-label={`Download ${label} as CSV`}
    >
      Download CSV
    </Button>
  );
}

/** A table that scrolls sideways on a phone; its frame takes focus so a keyboard can scroll it. */
const num = (n: number) => <td className="admin-table__number">{n}</td>;
const money = (cents: number) => <td className="admin-table__number">{formatUsd(cents)}</td>;

// ---------------------------------------------------------------------------------------------
// MRR over time: a line drawn in SVG.
// ---------------------------------------------------------------------------------------------

function MrrSection({ data }: { data: AdminInsights }) {
  const points = data.mrrSeries;
  const csv = {
    name: csvName('mrr', data.from, data.to),
    header: ['day', 'mrr_usd'],
    rows: points.map((p) => [p.day, dollars(p.mrrCents)]),
  };
  return (
    <Section
      title="MRR over time"
      intro="The monthly run rate at the end of each day: live memberships' box price × 30 / days between boxes."
      csv={csv}
    >
      {points.length > 1 ? (
        <LineChart points={points} />
      ) : (
        <p className="admin-state">Not enough days to draw.</p>
      )}
      <details className="insights-section__table">
        <summary>Show as a table</summary>
        <TableScroll label="MRR by day">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="admin-table__number">
                  MRR
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.day}>
                  <th scope="row">{p.day}</th>
                  {money(p.mrrCents)}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </Section>
  );
}

function LineChart({ points }: { points: AdminInsights['mrrSeries'] }) {
  // Drawn in a 100 × 40 box stretched to the width; the labels are HTML so they stay readable on a phone.
  const values = points.map((p) => p.mrrCents);
  const max = Math.max(...values, 1);
  const x = (i: number) => (i / (points.length - 1)) * 100;
  const y = (v: number) => 40 - (v / max) * 38;
  const path = points
    .map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(2)},${y(p.mrrCents).toFixed(2)}`)
    .join(' ');
  const first = points[0]!;
  const last = points.at(-1)!;
  return (
    <figure className="insights-line">
      <div className="insights-line__axis" aria-hidden="true">
        <span>{formatUsd(max)}</span>
        <span>{formatUsd(Math.round(max / 2))}</span>
        <span>$0</span>
      </div>
      <svg
        className="insights-line__plot"
        viewBox="0 0 100 40"
        preserveAspectRatio="none"
        role="img"
        aria-label={`MRR from ${formatUsd(first.mrrCents)} on ${first.day} to ${formatUsd(last.mrrCents)} on ${last.day}, highest ${formatUsd(max)}`}
      >
        {[2, 21, 40].map((g) => (
          <line key={g} x1={0} x2={100} y1={g} y2={g} className="insights-line__grid" />
        ))}
        <path d={`${path} L100,40 L0,40 Z`} className="insights-line__area" />
        <path d={path} className="insights-line__path" />
      </svg>
      <figcaption className="insights-line__days" aria-hidden="true">
        <span>{first.day}</span>
        <span>{last.day}</span>
      </figcaption>
    </figure>
  );
}

// ---------------------------------------------------------------------------------------------
// Revenue by kind.
// ---------------------------------------------------------------------------------------------

function RevenueSection({ data }: { data: AdminInsights }) {
  const r = data.revenueCents;
  const rows: [string, number][] = [
    ['First boxes', r.firstBoxesCents],
    ['Renewals (with next-box extras)', r.renewalsCents],
    ['Shop', r.shopCents],
    ['Tub plans', r.tubPlansCents],
    ['Pre-orders', r.preOrdersCents],
    ['Refunds', -r.refundsCents],
  ];
  const top = Math.max(...rows.map(([, c]) => Math.abs(c)), 1);
  return (
    <Section
      title="Revenue by kind"
      intro="Orders paid in the period as charged (tax included), refunds taken off."
      csv={{
        name: csvName('revenue', data.from, data.to),
        header: ['kind', 'usd'],
        rows: [...rows.map(([k, c]) => [k, dollars(c)]), ['Total', dollars(r.totalCents)]],
      }}
    >
      <TableScroll label="Revenue by kind">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col" className="admin-table__number">
                Amount
              </th>
              <th scope="col" className="insights-bar-col">
                <span className="visually-hidden">Share</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([kind, cents]) => (
              <tr key={kind}>
                <th scope="row">{kind}</th>
                {money(cents)}
                <td className="insights-bar-col" aria-hidden="true">
                  <span
                    className={cents < 0 ? 'insights-bar insights-bar--minus' : 'insights-bar'}
                    style={{ width: `${(Math.abs(cents) / top) * 100}%` }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {money(r.totalCents)}
              <td className="insights-bar-col" />
            </tr>
          </tfoot>
        </table>
      </TableScroll>
    </Section>
  );
}

// ---------------------------------------------------------------------------------------------
// Cohorts: the table is the heat map.
// ---------------------------------------------------------------------------------------------

function CohortSection({ data }: { data: AdminInsights }) {
  const months = Math.max(0, ...data.cohorts.map((c) => c.retained.length));
  /** 1, 2, 3 … the months after the first payment. */
  const after = Array.from({ length: months }, (_, i) => i + 1);
  const header = ['month', 'members', ...after.map((m) => `month_${m}`)];
  return (
    <Section
      title="Cohorts"
      intro="Members by the month of their first payment, and the share still a member 1, 2, 3 … months later."
      csv={{
        name: csvName('cohorts', data.from, data.to),
        header,
        rows: data.cohorts.map((c) => [c.month, c.members, ...c.retained.map((s) => s.toFixed(4))]),
      }}
    >
      {data.cohorts.length ? (
        <TableScroll label="Cohort retention">
          <table className="admin-table insights-heat">
            <thead>
              <tr>
                <th scope="col">First paid</th>
                <th scope="col" className="admin-table__number">
                  Members
                </th>
                {after.map((m) => (
                  <th key={m} scope="col" className="admin-table__number">
                    {`M${m}`}
                    <span className="visually-hidden"> (after {m} months)</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.cohorts.map((c) => (
                <tr key={c.month}>
                  <th scope="row">{c.month}</th>
                  {num(c.members)}
                  {after.map((m) => {
                    const share = c.retained[m - 1];
                    return share === undefined ? (
                      <td key={m} className="insights-heat__empty">
                        <span className="visually-hidden">not yet</span>
                      </td>
                    ) : (
                      <td
                        key={m}
                        className={
                          share >= 0.6
                            ? 'insights-heat__cell insights-heat__cell--dark'
                            : 'insights-heat__cell'
                        }
                        style={{
                          backgroundColor: `color-mix(in srgb, var(--orange-2) ${Math.round(share * 100)}%, var(--paper))`,
                        }}
                      >
                        {percent(share)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="admin-state">No first payments in these months.</p>
      )}
    </Section>
  );
}

// ---------------------------------------------------------------------------------------------
// The quiz funnel as bars.
// ---------------------------------------------------------------------------------------------

function FunnelSection({ data }: { data: AdminInsights }) {
  const f = data.quizFunnel;
  const started = f.steps[0]?.reached ?? 0;
  const rows: { key: string; label: string; n: number; drop: boolean }[] = [
    ...f.steps.map((s) => ({
      key: `step-${s.step}`,
      label: `${s.step}. ${STEP_NAMES[s.step - 1] ?? ''}`,
      n: s.reached,
      drop: s.step === f.biggestDropStep,
    })),
    { key: 'registered', label: 'Registered', n: f.registered, drop: false },
    { key: 'results', label: 'Saw results', n: f.resultsSeen, drop: false },
    { key: 'paid', label: 'Paid the first box', n: f.paid, drop: false },
  ];
  const top = Math.max(started, 1);
  return (
    <Section
      title="Quiz funnel"
      intro={
        f.biggestDropStep
          ? `Quizzes started in the period and how far they got. Most people leave after step ${f.biggestDropStep} (${STEP_NAMES[f.biggestDropStep - 1]}).`
          : 'Quizzes started in the period and how far they got.'
      }
      csv={{
        name: csvName('quiz-funnel', data.from, data.to),
        header: ['stage', 'reached', 'share_of_started'],
        rows: rows.map((r) => [r.label, r.n, started ? (r.n / started).toFixed(4) : '']),
      }}
    >
      {started ? (
        <ol className="insights-funnel" aria-label="Quizzes reaching each step">
          {rows.map((r) => (
            <li
              key={r.key}
              className={r.drop ? 'insights-funnel__row insights-funnel__row--drop' : 'insights-funnel__row'}
            >
              <span className="insights-funnel__label">
                {r.label}
                {r.drop ? <strong className="insights-funnel__flag"> most leave after this</strong> : null}
              </span>
              <span className="insights-funnel__track" aria-hidden="true">
                <span className="insights-funnel__bar" style={{ width: `${(r.n / top) * 100}%` }} />
              </span>
              <span className="insights-funnel__n">
                {r.n} <span className="insights-funnel__pct">({percent(r.n / top)})</span>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="admin-state">No quiz was started in this period.</p>
      )}
    </Section>
  );
}

// ---------------------------------------------------------------------------------------------
// Tables.
// ---------------------------------------------------------------------------------------------

function CancelSection({ data }: { data: AdminInsights }) {
  return (
    <Section
      title="Cancel reasons"
      intro="Per reason: offers shown, offers taken and cancellations in the period."
      csv={{
        name: csvName('cancel-reasons', data.from, data.to),
        header: ['reason', 'name', 'offered', 'saved', 'canceled'],
        rows: data.cancelReasons.map((r) => [r.reason, r.name, r.offered, r.saved, r.canceled]),
      }}
    >
      <TableScroll label="Cancel reasons">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Reason</th>
              <th scope="col" className="admin-table__number">
                Offered
              </th>
              <th scope="col" className="admin-table__number">
                Saved
              </th>
              <th scope="col" className="admin-table__number">
                Canceled
              </th>
            </tr>
          </thead>
          <tbody>
            {data.cancelReasons.map((r) => (
              <tr key={r.reason}>
                <th scope="row">{r.name}</th>
                {num(r.offered)}
                {num(r.saved)}
                {num(r.canceled)}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Section>
  );
}

function ProfileSection({ data }: { data: AdminInsights }) {
  const groups = [
    { question: 'Fitness goal', rows: data.byQuizProfile.fitnessGoals },
    { question: 'Diet', rows: data.byQuizProfile.dietaryPreferences },
  ];
  return (
    <Section
      title="By quiz answer"
      intro="Members by their fitness goal and diet answers (one member counts under each answer), 90-day retention, and their revenue in the period."
      csv={{
        name: csvName('quiz-profiles', data.from, data.to),
        header: ['question', 'answer', 'members', 'members_90_days_old', 'retention_90', 'revenue_usd'],
        rows: groups.flatMap((g) =>
          g.rows.map((r) => [
            g.question,
            r.name,
            r.members,
            r.membersAged90Days,
            r.retention90 === null ? '' : r.retention90.toFixed(4),
            dollars(r.revenueCents),
          ]),
        ),
      }}
    >
      {groups.some((g) => g.rows.length) ? (
        <TableScroll label="Members by quiz answer">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Answer</th>
                <th scope="col" className="admin-table__number">
                  Members
                </th>
                <th scope="col" className="admin-table__number">
                  90-day retention
                </th>
                <th scope="col" className="admin-table__number">
                  Revenue
                </th>
              </tr>
            </thead>
            {groups.map((g) => (
              <tbody key={g.question}>
                <tr className="insights-group">
                  <th scope="colgroup" colSpan={4}>
                    {g.question}
                  </th>
                </tr>
                {g.rows.map((r) => (
                  <tr key={`${g.question}-${r.answerId}`}>
                    <th scope="row">{r.name}</th>
                    {num(r.members)}
                    <td className="admin-table__number">
                      {r.retention90 === null ? '–' : `${percent(r.retention90)} of ${r.membersAged90Days}`}
                    </td>
                    {money(r.revenueCents)}
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </TableScroll>
      ) : (
        <p className="admin-state">No member has a quiz with these answers yet.</p>
      )}
    </Section>
  );
}

function SampleToTubSection({ data }: { data: AdminInsights }) {
  return (
    <Section
      title="From sample to tub"
      intro="Members who had a product in a paid box, and how many of them later bought it as a tub."
      csv={{
        name: csvName('sample-to-tub', data.from, data.to),
        header: ['product_id', 'name', 'sampled', 'bought_tub', 'rate', 'average_rating'],
        rows: data.sampleToTub.map((s) => [
          s.productId,
          s.name,
          s.sampled,
          s.boughtTub,
          s.rate.toFixed(4),
          s.averageRating ?? '',
        ]),
      }}
    >
      {data.sampleToTub.length ? (
        <TableScroll label="From sample to tub">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="admin-table__number">
                  Sampled
                </th>
                <th scope="col" className="admin-table__number">
                  Bought a tub
                </th>
                <th scope="col" className="admin-table__number">
                  Rate
                </th>
                <th scope="col" className="admin-table__number">
                  Rating
                </th>
              </tr>
            </thead>
            <tbody>
              {data.sampleToTub.map((s) => (
                <tr key={s.productId}>
                  <th scope="row">{s.name}</th>
                  {num(s.sampled)}
                  {num(s.boughtTub)}
                  <td className="admin-table__number">{percent(s.rate)}</td>
                  <td className="admin-table__number">
                    {s.averageRating === null ? '–' : s.averageRating.toFixed(1)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="admin-state">No box has been paid yet.</p>
      )}
    </Section>
  );
}

function DemandSection({ data }: { data: AdminInsights }) {
  return (
    <Section
      title="Sample demand, next 30 days"
      intro="Samples the coming boxes need (chosen so far plus an estimate for the rest) beside the stock; the first to run short on top."
      csv={{
        name: csvName('sample-demand', data.from, data.to),
        header: ['product_id', 'name', 'samples_needed', 'chosen', 'estimated', 'sample_stock'],
        rows: data.sampleDemand.map((d) => [
          d.productId,
          d.name,
          d.samplesNeeded,
          d.chosen,
          d.estimated,
          d.sampleStock,
        ]),
      }}
    >
      {data.sampleDemand.length ? (
        <TableScroll label="Sample demand">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="admin-table__number">
                  Needed
                </th>
                <th scope="col" className="admin-table__number">
                  Chosen
                </th>
                <th scope="col" className="admin-table__number">
                  Estimated
                </th>
                <th scope="col" className="admin-table__number">
                  In stock
                </th>
              </tr>
            </thead>
            <tbody>
              {data.sampleDemand.map((d) => {
                const short = d.sampleStock < d.samplesNeeded;
                return (
                  <tr key={d.productId} className={short ? 'insights-short' : undefined}>
                    <th scope="row">
                      {d.name}
                      {short ? (
                        <strong className="insights-short__flag">
                          {' '}
                          short by {d.samplesNeeded - d.sampleStock}
                        </strong>
                      ) : null}
                    </th>
                    {num(d.samplesNeeded)}
                    {num(d.chosen)}
                    {num(d.estimated)}
                    {num(d.sampleStock)}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="admin-state">No box bills in the next 30 days.</p>
      )}
    </Section>
  );
}
