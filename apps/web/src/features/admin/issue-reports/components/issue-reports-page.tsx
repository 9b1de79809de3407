import type { AdminIssueReport } from '@store/contracts';
import { displayOrderNumber } from '@store/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { notify } from '@/lib/notifications.ts';
import { AdminList, errorText, When } from '../../components/list-parts.tsx';
import { useListState } from '../../components/use-list-state.ts';
import type { ListDefaults } from '../../utils/list-params.ts';
import { markIssueHandled, useIssueReports } from '../api/issue-reports.ts';

type Status = 'unhandled' | 'handled' | 'all';
const DEFAULTS: ListDefaults<'newest', Status> = {
  sorts: ['newest'],
  sort: 'newest',
  filters: ['unhandled', 'handled', 'all'],
  filter: 'unhandled',
};
const TABS: ReadonlyArray<{ value: Status; label: string }> = [
  { value: 'unhandled', label: 'To do' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
];
const EMPTY: Record<Status, string> = {
  unhandled: 'No issue reports waiting.',
  handled: 'Nothing handled yet.',
  all: 'No member has reported an issue yet.',
};

/** What members sent with "Report Issue" on the membership page. */
export function IssueReportsPage() {
  const [list, update] = useListState(DEFAULTS);
  const query = useIssueReports({
    status: list.filter,
    page: list.page,
    pageSize: 20,
  });
  return (
    <>
      <PageTitle title="Issue reports" />
      <header className="admin-page__header">
        <div>
          <h1>Issue reports</h1>
          <p className="admin-page__intro">
            Problems members reported with a box. Open the member to refund or act, then mark the report
            handled.
          </p>
        </div>
      </header>
      <fieldset className="admin-tabs">
        <legend className="visually-hidden">Show</legend>
        {TABS.map((tab) => (
          <label key={tab.value} className="admin-tabs__tab">
            <input
              type="radio"
              name="issue-status"
              value={tab.value}
              checked={list.filter === tab.value}
              onChange={() => update({ filter: tab.value })}
            />
            <span>{tab.label}</span>
          </label>
        ))}
      </fieldset>
      <AdminList
        label="Issue reports"
        query={query}
        onPage={(page) => update({ page })}
        emptyText={EMPTY[list.filter]}
      >
        {(items) => (
          <ul className="admin-inbox">
            {items.map((r) => (
              <li key={r.id}>
                <IssueCard report={r} />
              </li>
            ))}
          </ul>
        )}
      </AdminList>
    </>
  );
}

function IssueCard({ report: r }: { report: AdminIssueReport }) {
  const [isBusy, setBusy] = useState(false);
  const isHandled = r.handledAt !== null;
  async function toggle() {
    setBusy(true);
    try {
      await markIssueHandled(r.id, !isHandled);
      notify(isHandled ? `Back to do: ${r.memberEmail}.` : `Marked handled: ${r.memberEmail}.`, 'success');
    } catch (error) {
      notify(errorText(error), 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <article
      className={isHandled ? 'admin-message admin-message--handled' : 'admin-message'}
      aria-label={`Issue from ${r.memberEmail}`}
    >
      <header className="admin-message__header">
        <div>
          <h2 className="admin-message__from">
            <Link to={`/admin/members/${r.identityId}`}>{r.memberEmail}</Link>
          </h2>
          <p className="admin-message__meta">
            {r.orderNumber ? `Order ${displayOrderNumber(r.orderNumber)} · ` : ''}
            <When iso={r.createdAt} />
          </p>
        </div>
        <div className="admin-message__status">
          {isHandled ? (
            <span className="admin-badge admin-badge--done">
              Handled <When iso={r.handledAt!} />
            </span>
          ) : (
            <span className="admin-badge admin-badge--todo">To do</span>
          )}
          <button type="button" className="admin-link-button" onClick={toggle} disabled={isBusy}>
            {isHandled ? 'Mark not handled' : 'Mark handled'}
          </button>
        </div>
      </header>
      <p className="admin-message__text">{r.text}</p>
    </article>
  );
}
