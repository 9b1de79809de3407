import { useEffect, useMemo, useRef } from 'react';
import { mailDocument } from '../utils/mail-links.ts';

const STYLE_ATTRIBUTE = 'data-mail-style';

/**
 * Moves inline styles out of the markup: the page's Content-Security-Policy (no inline styles)
 * also governs a srcdoc frame, so the browser would drop them. They are put back through the
 * CSSOM after loading, which the policy allows.
 */
function withDeferredStyles(html: string): { html: string; sheets: string[] } {
  const doc = new DOMParser().parseFromString(mailDocument(html), 'text/html');
  // Mails open their links in a new tab (target="_blank"); here the page's <base target="_top">
  // decides, so a click follows the link in this tab like the links listed above the frame.
  for (const link of doc.querySelectorAll('a[target]')) link.removeAttribute('target');
  for (const element of doc.querySelectorAll('[style]')) {
    element.setAttribute(STYLE_ATTRIBUTE, element.getAttribute('style') ?? '');
    element.removeAttribute('style');
  }
  const sheets = [...doc.querySelectorAll('style')].map((style) => {
    style.remove();
    return style.textContent ?? '';
  });
  return { html: `<!doctype html>${doc.documentElement.outerHTML}`, sheets };
}

/**
 * A mail as its recipient sees it. The frame runs no scripts and submits no forms; it shares our
 * origin only so this page can restore the mail's styles and fit the frame to its height.
 */
export function MailFrame({ html, title }: { html: string; title: string }) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const prepared = useMemo(() => withDeferredStyles(html), [html]);

  function applyStyles() {
    const frame = frameRef.current;
    const doc = frame?.contentDocument;
    const view = frame?.contentWindow as (Window & typeof globalThis) | null | undefined;
    if (!frame || !doc || !view) return;
    for (const element of doc.querySelectorAll<HTMLElement>(`[${STYLE_ATTRIBUTE}]`)) {
      element.style.cssText = element.getAttribute(STYLE_ATTRIBUTE) ?? '';
    }
    if (prepared.sheets.length) {
      doc.adoptedStyleSheets = prepared.sheets.map((text) => {
        const sheet = new view.CSSStyleSheet();
        sheet.replaceSync(text);
        return sheet;
      });
    }
    fitHeight();
  }

  // The frame is as tall as the mail, at any width.
  function fitHeight() {
    const frame = frameRef.current;
    const doc = frame?.contentDocument;
    if (!frame || !doc) return;
    frame.style.height = '200px';
    frame.style.height = `${Math.min(Math.max(doc.documentElement.scrollHeight, 200), 3000)}px`;
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: fitHeight only reads refs
  useEffect(() => {
    window.addEventListener('resize', fitHeight);
    return () => window.removeEventListener('resize', fitHeight);
  }, []);

  return (
    <iframe
      ref={frameRef}
      className="mailbox__frame"
      title={title}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
      srcDoc={prepared.html}
      onLoad={applyStyles}
    />
  );
}
