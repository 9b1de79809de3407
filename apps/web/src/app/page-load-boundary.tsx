import { Component, type ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

interface Props {
  /** The path shown; a new one clears the failure, so the next page is tried afresh. */
  path: string;
  children: ReactNode;
}

/**
 * When a page cannot be shown (its chunk failed to download after a deploy or on a dropped
 * connection, or it threw while rendering), the top bar stays and the page's place says what
 * happened and offers a reload, instead of the whole store going blank.
 */
export class PageLoadBoundary extends Component<Props, { path: string; failed: boolean }> {
  override state = { path: this.props.path, failed: false };

  static getDerivedStateFromProps(props: Props, state: { path: string; failed: boolean }) {
    return props.path === state.path ? null : { path: props.path, failed: false };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="page page--narrow">
        <PageTitle title="This page did not load" />
        <h1>This page did not load</h1>
        <p role="alert">
          Part of the store could not be downloaded. Check your connection and reload the page; nothing you
          saved is lost.
        </p>
        <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </main>
    );
  }
}

/** A page's place while its chunk downloads; the spinner shows only if that takes a moment. */
export function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner large label="Loading the page" />
    </div>
  );
}
