import {
  type AdminMemberDetail,
  CANCEL_REASONS,
  DELIVERY_SCHEDULE_DAYS,
  formatUsd,
  SelectableEmailTypes,
} from '@store/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { notify } from '@/lib/notifications.ts';
import { errorText, ListState, When } from '../../components/list-parts.tsx';
import {
  cancelMembership,
  changeSchedule,
  refundOrder,
  resendEmail,
  type SelectableEmail,
  skipNextBox,
  useMember,
} from '../api/members.ts';
import { parseRefundAmount } from '../utils/refund-amount.ts';
import { fullName } from './members-page.tsx';
import { StatusBadge } from './status-badge.tsx';
import './members.css';

type Detail = AdminMemberDetail;
type Order = Detail['orders'][number];

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const day = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '—');

const KIND_NAMES: Record<string, string> = {
  first_box: 'Box',
  renewal: 'Box',
  cart: 'Tubs',
  pre_order: 'Pre-order',
};
const EMAIL_NAMES: Record<SelectableEmail, string> = {
  'verify-email': 'Email verification',
  'reset-password': 'Password reset',
  welcome: 'Welcome',
};

/** One member: membership, cycles, orders, payments, refunds, reviews and referrals, with actions. */
export function MemberPage() {
  const { memberId } = useParams();
  const { data, error, isLoading, reload } = useMember(memberId);
  const name = data ? fullName(data.identity) : '';
  return (
    <>
      <PageTitle title={data ? data.identity.email : 'Member'} />
      <p className="admin-breadcrumb">
        <Link to="/admin/members">Members</Link>
      </p>
      <ListState isLoading={isLoading} error={error} isEmpty={false} emptyText="" onRetry={reload}>
        {data ? (
          <>
            <header className="admin-page__header">
              <div>
                <h1 className="member__title">{data.identity.email}</h1>
                <p className="admin-page__intro">
                  {name ? `${name} · ` : ''}Joined {day(data.identity.createdAt)}
                  {data.identity.emailVerified ? ' · Email verified' : ' · Email not verified'}
                  {data.identity.phoneNumber ? ` · ${data.identity.phoneNumber}` : ''}
                </p>
              </div>
            </header>
            <Alerts detail={data} />
            <div className="member__grid">
              <MembershipCard detail={data} />
              <MailCard detail={data} />
            </div>
            <OrdersSection detail={data} />
            <RefundsSection detail={data} />
            <PaymentsSection detail={data} />
            <CyclesSection detail={data} />
            <ReviewsSection detail={data} />
            <ReferralsSection detail={data} />
          </>
        ) : null}
      </ListState>
    </>
  );
}

function Alerts({ detail }: { detail: Detail }) {
  const failed = detail.refunds.filter((r) => r.status === 'failed');
  if (failed.length === 0 && detail.disputes.length === 0) return null;
  return (
    <div className="member__alerts">
      {failed.map((r) => (
        <p key={r.id} className="admin-alert" role="alert">
          A refund of {formatUsd(r.amountCents)} failed at the payment provider
          {r.failureReason ? ` (${r.failureReason})` : ''}: the money did not go back to the member. Refund
          the order again or contact the member.
        </p>
      ))}
      {detail.disputes.map((d) => (
        <p key={d.id} className="admin-alert" role="alert">
          The member disputed a payment of {formatUsd(d.amountCents)} ({d.reason || 'no reason given'},{' '}
          {d.status}) on <When iso={d.createdAt} />. Answer the dispute in the payment provider's dashboard.
        </p>
      ))}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Runs one action with a busy flag and a snackbar for its outcome. */
function useAction() {
  const [busy, setBusy] = useState<string | null>(null);
  async function run(name: string, work: () => Promise<unknown>, success: string) {
    setBusy(name);
    try {
      await work();
      notify(success, 'success');
      return true;
    } catch (error) {
      notify(errorText(error), 'error');
      return false;
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}

function MembershipCard({ detail }: { detail: Detail }) {
  const sub = detail.subscription;
  const id = detail.identity.id;
  const { busy, run } = useAction();
  const [days, setDays] = useState(String(sub?.scheduleDays ?? 30));
  const [reason, setReason] = useState('');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const scheduleId = useId();
  const reasonId = useId();
  if (!sub) {
    return (
      <section className="admin-card member__card" aria-labelledby="membership-title">
        <h2 id="membership-title" className="admin-card__title">
          Membership
        </h2>
        <p>No membership: this person has not paid a first box.</p>
      </section>
    );
  }
  const isCanceled = sub.status === 'canceled';
  async function saveSchedule(event: FormEvent) {
    event.preventDefault();
    await run('schedule', () => changeSchedule(id, Number(days)), `Boxes now every ${days} days.`);
  }
  async function cancel(event: FormEvent) {
    event.preventDefault();
    if (reason === '') {
      notify('Choose a reason for canceling.', 'error');
      return;
    }
    const ok = await run('cancel', () => cancelMembership(id, Number(reason)), 'The membership is canceled.');
    if (ok) setConfirmCancel(false);
  }
  return (
    <section className="admin-card member__card" aria-labelledby="membership-title">
      <h2 id="membership-title" className="admin-card__title">
        Membership <StatusBadge status={sub.status} />
        {sub.disputedAt ? <span className="admin-badge admin-badge--alert">Disputed</span> : null}
      </h2>
      <dl className="member__facts">
        <Fact label="Plan">
          {sub.planName} · {formatUsd(sub.priceCents)} + {formatUsd(sub.handlingFeeCents)} handling
        </Fact>
        <Fact label="Schedule">Every {sub.scheduleDays} days</Fact>
        <Fact label="Cycle">
          #{sub.currentCycleIndex + 1}, started {day(sub.cycleStartedAt)}
        </Fact>
        <Fact label="Next billing">
          {isCanceled ? '—' : day(sub.nextBillingAt)}
          {sub.skipCycles > 0 ? ` (${sub.paused ? 'paused' : 'skipping'} ${sub.skipCycles})` : ''}
        </Fact>
        {sub.renewalFailures > 0 ? <Fact label="Failed renewals">{sub.renewalFailures}</Fact> : null}
        {isCanceled ? (
          <Fact label="Canceled">
            {day(sub.canceledAt)}
            {sub.cancelReason ? ` · ${sub.cancelReason}` : ''}
          </Fact>
        ) : null}
      </dl>
      {isCanceled ? null : (
        <div className="member__actions">
          <form className="member__inline-form" onSubmit={saveSchedule}>
            <label htmlFor={scheduleId}>Delivery schedule</label>
            <select
              id={scheduleId}
              className="admin-input"
              value={days}
              onChange={(e) => setDays(e.target.value)}
            >
              {DELIVERY_SCHEDULE_DAYS.map((d) => (
                <option key={d} value={d}>
                  Every {d} days
                </option>
              ))}
            </select>
            <Button
              type="submit"
              variant="secondary"
              className="btn--small"
              disabled={busy !== null || Number(days) === sub.scheduleDays}
            >
              Save schedule
            </Button>
          </form>
          <div className="member__buttons">
            <Button
              variant="secondary"
              className="btn--small"
              disabled={busy !== null || sub.skipCycles > 0 || sub.status !== 'active'}
              onClick={() => run('skip', () => skipNextBox(id), 'The next box will be skipped.')}
            >
              Skip next box
            </Button>
            {confirmCancel ? null : (
              <Button
                variant="secondary"
                className="btn--small"
                disabled={busy !== null}
                onClick={() => setConfirmCancel(true)}
              >
                Cancel membership…
              </Button>
            )}
          </div>
          {confirmCancel ? (
            <form className="member__inline-form member__cancel" onSubmit={cancel}>
              <label htmlFor={reasonId}>Reason for canceling</label>
              <select
                id={reasonId}
                className="admin-input"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              >
                <option value="">Choose a reason</option>
                {CANCEL_REASONS.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.displayName}
                  </option>
                ))}
              </select>
              <Button type="submit" className="btn--small" disabled={busy !== null}>
                Cancel membership
              </Button>
              <button type="button" className="admin-link-button" onClick={() => setConfirmCancel(false)}>
                Keep it
              </button>
            </form>
          ) : null}
        </div>
      )}
    </section>
  );
}

function MailCard({ detail }: { detail: Detail }) {
  const [type, setType] = useState<SelectableEmail>('welcome');
  const { busy, run } = useAction();
  const selectId = useId();
  async function send(event: FormEvent) {
    event.preventDefault();
    await run(
      'mail',
      () => resendEmail(detail.identity.id, type),
      `${EMAIL_NAMES[type]} mail sent to ${detail.identity.email}.`,
    );
  }
  return (
    <section className="admin-card member__card" aria-labelledby="mail-title">
      <h2 id="mail-title" className="admin-card__title">
        Account mails
      </h2>
      <dl className="member__facts">
        <Fact label="Marketing mail">
          {detail.identity.isEmailSubscribed ? 'Subscribed' : 'Unsubscribed'}
        </Fact>
        <Fact label="Referral code">{detail.identity.referralCode}</Fact>
      </dl>
      <form className="member__inline-form" onSubmit={send}>
        <label htmlFor={selectId}>Send again</label>
        <select
          id={selectId}
          className="admin-input"
          value={type}
          onChange={(e) => setType(e.target.value as SelectableEmail)}
        >
          {SelectableEmailTypes.map((t) => (
            <option key={t} value={t}>
              {EMAIL_NAMES[t]}
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary" className="btn--small" disabled={busy !== null}>
          Send mail
        </Button>
      </form>
    </section>
  );
}

function Section({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count: number;
  children: React.ReactNode;
}) {
  return (
    <section className="member__section" aria-labelledby={id}>
      <h2 id={id} className="member__section-title">
        {title} <span className="admin-muted">({count})</span>
      </h2>
      {count === 0 ? <p className="admin-muted">None yet.</p> : children}
    </section>
  );
}

function OrdersSection({ detail }: { detail: Detail }) {
  const [refunding, setRefunding] = useState<string | null>(null);
  const open = detail.orders.find((o) => o.id === refunding);
  return (
    <Section id="orders-title" title="Orders" count={detail.orders.length}>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Status</th>
              <th scope="col" className="admin-table__number">
                Total
              </th>
              <th scope="col">Paid</th>
              <th scope="col" className="admin-table__number">
                Refundable
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {detail.orders.map((o) => (
              <OrderRow key={o.id} order={o} isOpen={refunding === o.id} onOpen={() => setRefunding(o.id)} />
            ))}
          </tbody>
        </table>
      </div>
      {open ? <RefundForm key={open.id} order={open} onDone={() => setRefunding(null)} /> : null}
    </Section>
  );
}

function OrderRow({ order: o, isOpen, onOpen }: { order: Order; isOpen: boolean; onOpen: () => void }) {
  return (
    <tr>
      <th scope="row" className="admin-table__title">
        #{o.orderNumber}
        <span className="admin-table__sub">{KIND_NAMES[o.kind] ?? o.kind}</span>
      </th>
      <td>
        <StatusBadge status={o.status} />
      </td>
      <td className="admin-table__number">{formatUsd(o.totalCents)}</td>
      <td className="admin-table__nowrap">{day(o.paidAt)}</td>
      <td className="admin-table__number">{o.refundableCents > 0 ? formatUsd(o.refundableCents) : '—'}</td>
      <td className="admin-table__actions">
        {o.refundableCents > 0 ? (
          <button
            type="button"
            className="admin-link-button"
            onClick={onOpen}
            disabled={isOpen}
            aria-label={`Refund order #${o.orderNumber}`}
          >
            Refund
          </button>
        ) : null}
      </td>
    </tr>
  );
}

function RefundForm({ order, onDone }: { order: Order; onDone: () => void }) {
  // One id per form: pressing Refund twice, or again after a timeout, refunds once.
  const [requestId] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setBusy] = useState(false);
  const amountId = useId();
  const reasonId = useId();
  const errorId = useId();
  const titleId = useId();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseRefundAmount(amount, order.refundableCents);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const refund = await refundOrder(order.id, { requestId, amountCents: parsed.cents, reason });
      const word =
        refund.status === 'succeeded' ? 'refunded' : refund.status === 'failed' ? 'failed' : 'pending';
      notify(
        `Order #${order.orderNumber}: ${formatUsd(refund.amountCents)} ${word}.`,
        word === 'failed' ? 'error' : 'success',
      );
      onDone();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="member__refund" onSubmit={submit} aria-labelledby={titleId}>
      <h3 id={titleId} className="member__refund-title">
        Refund order #{order.orderNumber}
      </h3>
      <div className="admin-field">
        <label htmlFor={amountId} className="admin-field__label">
          Amount (up to {formatUsd(order.refundableCents)})
        </label>
        <div className="admin-field__control">
          <span className="admin-field__affix" aria-hidden="true">
            $
          </span>
          <input
            id={amountId}
            className="admin-input"
            inputMode="decimal"
            placeholder={(order.refundableCents / 100).toFixed(2)}
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setError(undefined);
            }}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error ? true : undefined}
          />
        </div>
      </div>
      <div className="admin-field">
        <label htmlFor={reasonId} className="admin-field__label">
          Reason (optional)
        </label>
        <input
          id={reasonId}
          className="admin-input"
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <div className="member__refund-buttons">
        <Button type="submit" className="btn--small" disabled={isBusy}>
          {amount.trim() ? 'Refund amount' : 'Refund in full'}
        </Button>
        <button type="button" className="admin-link-button" onClick={onDone} disabled={isBusy}>
          Close
        </button>
      </div>
      {error ? (
        <p id={errorId} className="admin-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function RefundsSection({ detail }: { detail: Detail }) {
  const numbers = new Map(detail.orders.map((o) => [o.id, o.orderNumber]));
  return (
    <Section id="refunds-title" title="Refunds" count={detail.refunds.length}>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Status</th>
              <th scope="col" className="admin-table__number">
                Amount
              </th>
              <th scope="col">Reason</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {detail.refunds.map((r) => (
              <tr key={r.id}>
                <th scope="row">
                  #{numbers.get(r.orderId) ?? r.orderId.slice(0, 8)}
                  <span className="admin-table__sub">Refund {r.seq}</span>
                </th>
                <td>
                  <StatusBadge status={r.status} />
                  {r.failureReason ? <span className="admin-table__sub">{r.failureReason}</span> : null}
                </td>
                <td className="admin-table__number">{formatUsd(r.amountCents)}</td>
                <td>{r.reason || <span className="admin-muted">—</span>}</td>
                <td className="admin-table__nowrap">
                  <When iso={r.createdAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

function PaymentsSection({ detail }: { detail: Detail }) {
  const numbers = new Map(detail.orders.map((o) => [o.id, o.orderNumber]));
  return (
    <Section id="payments-title" title="Payments" count={detail.payments.length}>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Source</th>
              <th scope="col">Order</th>
              <th scope="col">Status</th>
              <th scope="col" className="admin-table__number">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {detail.payments.map((p) => (
              <tr key={`${p.source}-${p.paymentIntentId ?? 'none'}-${p.createdAt}`}>
                <td className="admin-table__nowrap">
                  <When iso={p.createdAt} />
                </td>
                <td>{p.source === 'checkout' ? 'Checkout' : 'Renewal'}</td>
                <td>{p.orderId ? `#${numbers.get(p.orderId) ?? p.orderId.slice(0, 8)}` : '—'}</td>
                <td>
                  <StatusBadge status={p.status} />
                  {p.declineCode ? <span className="admin-table__sub">{p.declineCode}</span> : null}
                </td>
                <td className="admin-table__number">{formatUsd(p.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

function CyclesSection({ detail }: { detail: Detail }) {
  return (
    <Section id="cycles-title" title="Cycles" count={detail.cycles.length}>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Cycle</th>
              <th scope="col">Status</th>
              <th scope="col">Starts</th>
              <th scope="col">Billed</th>
              <th scope="col">Shipped</th>
              <th scope="col">Delivered</th>
            </tr>
          </thead>
          <tbody>
            {detail.cycles.map((c) => (
              <tr key={c.cycleIndex}>
                <th scope="row">#{c.cycleIndex + 1}</th>
                <td>
                  <StatusBadge status={c.status} />
                </td>
                <td className="admin-table__nowrap">{day(c.startsAt)}</td>
                <td className="admin-table__nowrap">{day(c.billedAt)}</td>
                <td className="admin-table__nowrap">{day(c.shippedAt)}</td>
                <td className="admin-table__nowrap">{day(c.deliveredAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

function ReviewsSection({ detail }: { detail: Detail }) {
  return (
    <Section id="reviews-title" title="Reviews" count={detail.reviews.length}>
      <ul className="member__reviews">
        {detail.reviews.map((r) => (
          <li key={r.id} className={r.hiddenAt ? 'member__review member__review--hidden' : 'member__review'}>
            <p className="member__review-head">
              <strong>{r.productTitle}</strong> ·{' '}
              <span className="visually-hidden">{r.rating} of 5 stars</span>
              <span aria-hidden="true">{'★'.repeat(r.rating)}</span>
              {r.hiddenAt ? <span className="admin-badge">Hidden</span> : null}
            </p>
            <p>{r.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function ReferralsSection({ detail }: { detail: Detail }) {
  const { referredBy, referred } = detail.referrals;
  return (
    <section className="member__section" aria-labelledby="referrals-title">
      <h2 id="referrals-title" className="member__section-title">
        Referrals
      </h2>
      <p>
        Referred by:{' '}
        {referredBy ? (
          <Link to={`/admin/members/${referredBy.id}`}>{referredBy.email}</Link>
        ) : detail.identity.referredByCode ? (
          `code ${detail.identity.referredByCode}`
        ) : (
          <span className="admin-muted">nobody</span>
        )}
      </p>
      {referred.length === 0 ? (
        <p className="admin-muted">Has not referred anyone yet.</p>
      ) : (
        <ul className="member__referred">
          {referred.map((r) => (
            <li key={r.id}>
              <Link to={`/admin/members/${r.id}`}>{r.email}</Link> · joined {day(r.createdAt)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
