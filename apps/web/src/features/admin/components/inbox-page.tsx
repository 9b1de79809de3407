import type { AdminContactMessage, AdminPartnerRequest } from '@store/contracts';
import { useState } from 'react';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { notify } from '@/lib/notifications.ts';
import { type InboxItem, type InboxName, useInbox } from '../api/get-inbox.ts';
import { markHandled } from '../api/mark-handled.ts';
import type { ListDefaults } from '../utils/list-params.ts';
import { AdminList, errorText, When } from './list-parts.tsx';
import { useListState } from './use-list-state.ts';

type Status = 'unhandled' | 'handled' | 'all';

const DEFAULTS: ListDefaults<'newest', Status> = {
  sorts: ['newest'],
  sort: 'newest',
  filters: ['unhandled', 'handled', 'all'],
  filter: 'unhandled',
};
const PAGE_SIZE = 20;
const TABS: ReadonlyArray<{ value: Status; label: string }> = [
  { value: 'unhandled', label: 'To do' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
];

const COPY = {
  'contact-messages': {
    title: 'Messages',
    intro: 'What people sent with the "Get in touch" form. Answer by email, then mark the message handled.',
    empty: {
      unhandled: 'No messages waiting. Well done.',
      handled: 'Nothing handled yet.',
      all: 'No messages yet.',
    },
  },
  'partner-requests': {
    title: 'Partner requests',
    intro: 'Ambassador applications from the partner page. Reply by email, then mark the request handled.',
    empty: {
      unhandled: 'No applications waiting.',
      handled: 'Nothing handled yet.',
      all: 'No applications yet.',
    },
  },
} as const;

/** One inbox: newest first, filtered by what is still to do, paged on the server. */
export function InboxPage<N extends InboxName>({ name }: { name: N }) {
  const [list, update] = useListState(DEFAULTS);
  const query = useInbox(name, {
    status: list.filter,
    page: list.page,
    pageSize: PAGE_SIZE,
  });
  const copy = COPY[name];

  return (
    <>
      <PageTitle title={copy.title} />
      <header className="admin-page__header">
        <div>
          <h1>{copy.title}</h1>
          <p className="admin-page__intro">{copy.intro}</p>
        </div>
      </header>
      <fieldset className="admin-tabs">
        <legend className="visually-hidden">Show</legend>
        {TABS.map((tab) => (
          <label key={tab.value} className="admin-tabs__tab">
            <input
              type="radio"
              name={`${name}-status`}
              value={tab.value}
              checked={list.filter === tab.value}
              onChange={() => update({ filter: tab.value })}
            />
            <span>{tab.label}</span>
          </label>
        ))}
      </fieldset>
      <AdminList
        label={copy.title}
        query={query}
        onPage={(page) => update({ page })}
        emptyText={copy.empty[list.filter]}
      >
        {(items) => (
          <ul className="admin-inbox">
            {items.map((item) => (
              <li key={item.id}>
                <InboxCard name={name} item={item} />
              </li>
            ))}
          </ul>
        )}
      </AdminList>
    </>
  );
}

function InboxCard<N extends InboxName>({ name, item }: { name: N; item: InboxItem<N> }) {
  const [isBusy, setBusy] = useState(false);
  const isHandled = item.handledAt !== null;
  const who =
    name === 'contact-messages'
      ? (item as AdminContactMessage).name
      : `${(item as AdminPartnerRequest).firstName} ${(item as AdminPartnerRequest).lastName}`;

  async function toggle() {
    setBusy(true);
    try {
      await markHandled(name, item.id, !isHandled);
      notify(isHandled ? `Back to do: ${who}.` : `Marked handled: ${who}.`, 'success');
    } catch (error) {
      notify(errorText(error), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <article
      className={isHandled ? 'admin-message admin-message--handled' : 'admin-message'}
      aria-label={who}
    >
      <header className="admin-message__header">
        <div>
          <h2 className="admin-message__from">{who}</h2>
          <p className="admin-message__meta">
            {/* The address passed the email check on the way in; mailto: cannot run script. */}
            <a href={`mailto:${item.email}`}>{item.email}</a> · <When iso={item.createdAt} />
          </p>
        </div>
        <div className="admin-message__status">
          {isHandled ? (
            <span className="admin-badge admin-badge--done">
              Handled <When iso={item.handledAt!} />
            </span>
          ) : (
            <span className="admin-badge admin-badge--todo">To do</span>
          )}
          <button type="button" className="admin-link-button" onClick={toggle} disabled={isBusy}>
            {isHandled ? 'Mark not handled' : 'Mark handled'}
          </button>
        </div>
      </header>
      {name === 'contact-messages' ? (
        <p className="admin-message__text">{(item as AdminContactMessage).text}</p>
      ) : (
        <PartnerDetails request={item as AdminPartnerRequest} />
      )}
    </article>
  );
}

/** The application's answers, as plain text: handles and links are never made clickable here. */
function PartnerDetails({ request }: { request: AdminPartnerRequest }) {
  const rows: Array<[string, string]> = [
    ['Phone', request.phone],
    ['Fitness', request.fitnessType],
    ['Instagram', request.instagram],
    ['TikTok', request.tiktok],
    ['Other', request.otherSocials],
  ];
  return (
    <dl className="admin-message__facts">
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
