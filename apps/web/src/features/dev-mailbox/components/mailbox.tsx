import { useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { type DevMail, useMailbox, useTemplates } from '../api/get-mailbox.ts';
import { extractLinks, linkify } from '../utils/mail-links.ts';
import { MailFrame } from './mail-frame.tsx';
import './mailbox.css';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** What both lists show: a sent mail, or a template rendered with sample data. */
type Entry = Pick<DevMail, 'id' | 'kind' | 'to' | 'subject' | 'html' | 'text'> & {
  /** When it was sent; absent for a template. */
  createdAt?: string;
  /** A template's name ("Box shipped"). */
  title?: string;
  marketing?: boolean;
};

/**
 * The development mailbox: every mail the store sent, so a verification link can be followed,
 * and every template the store sends, rendered with sample data.
 */
export function Mailbox() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = searchParams.get('view') === 'templates' ? 'templates' : 'sent';
  const sent = useMailbox();
  const templates = useTemplates(view === 'templates');
  const { data, error, isLoading, reload } = view === 'templates' ? templates : sent;
  const entries: Entry[] | undefined = data;
  const mailRef = useRef<HTMLElement>(null);
  const selectedId = searchParams.get('mail');
  const selected = entries?.find((m) => m.id === selectedId) ?? entries?.[0];

  function select(mail: Entry) {
    setSearchParams(view === 'templates' ? { view, mail: mail.id } : { mail: mail.id }, { replace: true });
    // On a phone the mail is under the list: bring it into view.
    if (window.matchMedia('(max-width: 767.98px)').matches) {
      requestAnimationFrame(() => mailRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    }
  }

  return (
    <main className="page mailbox">
      <header className="mailbox__header">
        <div>
          <h1>Dev mailbox</h1>
          <p className="mailbox__note">
            A development tool, not part of the store: with no mail server configured (<code>SMTP_URL</code>),
            every email the store sends is kept here, and Templates shows every kind of email with sample
            data. It is switched off in production.
          </p>
        </div>
        <Button variant="secondary" onClick={reload}>
          Refresh
        </Button>
      </header>

      <nav aria-label="Mailbox views" className="mailbox__views">
        <Link to="?" replace aria-current={view === 'sent' ? 'page' : undefined}>
          Sent emails
        </Link>
        <Link to="?view=templates" replace aria-current={view === 'templates' ? 'page' : undefined}>
          Templates
        </Link>
      </nav>

      {isLoading ? (
        <p className="mailbox__empty">
          <Spinner label="Loading emails" /> Loading emails…
        </p>
      ) : error ? (
        <p className="mailbox__empty" role="alert">
          {error instanceof ApiError && error.status === 404
            ? 'The dev mailbox is switched off on this server (production mode).'
            : 'The mailbox could not be loaded. Try Refresh.'}
        </p>
      ) : !entries?.length || !selected ? (
        <p className="mailbox__empty">
          No emails yet. Sign up or ask for a password reset, then press Refresh.
        </p>
      ) : (
        <div className="mailbox__grid">
          <nav aria-label={view === 'templates' ? 'Templates' : 'Emails'}>
            <ul className="mailbox__list">
              {entries.map((mail) => (
                <li key={mail.id}>
                  <button
                    type="button"
                    className="mailbox__item"
                    aria-current={mail.id === selected.id ? 'true' : undefined}
                    onClick={() => select(mail)}
                  >
                    <span className="mailbox__item-subject">{mail.title ?? mail.subject}</span>
                    <span className="mailbox__item-meta">
                      {mail.createdAt ? (
                        <>
                          <span>{mail.to}</span>
                          <time dateTime={mail.createdAt}>{dateFormat.format(new Date(mail.createdAt))}</time>
                        </>
                      ) : (
                        <>
                          <span>{mail.subject}</span>
                          <span>{mail.marketing ? 'Marketing' : 'Transactional'}</span>
                        </>
                      )}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <MailView mail={selected} ref={mailRef} />
        </div>
      )}
    </main>
  );
}

function MailView({ mail, ref }: { mail: Entry; ref: React.Ref<HTMLElement> }) {
  const links = useMemo(() => extractLinks(mail.text, mail.html), [mail]);
  return (
    <article className="mailbox__mail" aria-labelledby="mail-subject" ref={ref}>
      <h2 id="mail-subject">{mail.subject}</h2>
      <dl className="mailbox__facts">
        <dt>To</dt>
        <dd>{mail.to}</dd>
        <dt>Sent</dt>
        <dd>
          {mail.createdAt ? (
            <time dateTime={mail.createdAt}>{dateFormat.format(new Date(mail.createdAt))}</time>
          ) : (
            'Not sent: a template shown with sample data'
          )}
        </dd>
        <dt>Kind</dt>
        <dd>{mail.kind}</dd>
      </dl>
      {links.length ? (
        <section aria-labelledby="mail-links" className="mailbox__links">
          <h3 id="mail-links">Links in this email</h3>
          <ul>
            {links.map((link) => (
              <li key={link}>
                <a href={link}>{link}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <h3>As the recipient sees it</h3>
      <MailFrame html={mail.html} title={`Email: ${mail.subject}`} />
      <details className="mailbox__text" open={!mail.createdAt || undefined}>
        <summary>Text version</summary>
        <pre>
          {linkify(mail.text).map((part, i) =>
            part.kind === 'link' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder
              <a key={i} href={part.value}>
                {part.value}
              </a>
            ) : (
              part.value
            ),
          )}
        </pre>
      </details>
    </article>
  );
}
