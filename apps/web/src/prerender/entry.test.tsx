import { PRERENDER_ORIGIN } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES, render } from './entry.tsx';

/** The first <h1>'s text, tags dropped, as a reader without scripts sees it. */
function firstHeading(html: string): string | undefined {
  const match = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match?.[1]
    ?.replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const EXPECTED: Record<string, { heading: string; title: string; text: string }> = {
  '/': {
    heading: 'Sample First: protein powder samples matched to you',
    title: 'Sample First',
    text: 'One plan, built around your taste',
  },
  '/privacy-policy': {
    heading: 'Privacy Policy',
    title: 'Privacy Policy | Sample First',
    text: 'personal information',
  },
  '/influencer': {
    heading: 'Become an Ambassador!',
    title: 'Become an Ambassador! | Sample First',
    text: 'Ambassador program',
  },
  '/subscriptions-learn-more': {
    heading: 'Loved a sample? Keep it coming.',
    title: 'Tub plans: Flex and Max | Sample First',
    text: 'Flex',
  },
  '/login': { heading: 'Welcome Back', title: 'Log in | Sample First', text: 'Forgot' },
  '/register': { heading: 'Create your account', title: 'Sign up | Sample First', text: 'Password' },
  '/forgot-password': {
    heading: 'Forgot your password?',
    title: 'Forgot password | Sample First',
    text: 'Enter the email you signed up with',
  },
  '/verification/:code/:userId': {
    heading: 'Verifying your email…',
    title: 'Email verification | Sample First',
    text: 'This takes a moment.',
  },
  '/login-link': {
    heading: 'Logging you in…',
    title: 'Log in with a link | Sample First',
    text: 'This takes a moment.',
  },
  '/reset-password': {
    heading: 'Choose a new password',
    title: 'Choose a new password | Sample First',
    text: 'For <strong>your account</strong>.',
  },
  '/take-quiz/1': {
    heading: 'What kind of exercise do you do?',
    title: 'Quiz, step 1 of 12 | Sample First',
    text: 'Select All That Apply',
  },
};

describe('the prerendered public pages', () => {
  it('are exactly the public pages of the brief', () => {
    expect(PRERENDERED_PAGES.map((p) => p.path).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(PRERENDERED_PAGES.map((p) => [p.path, p.renderAt ?? p.path]))(
    '%s renders its heading, text, title and description',
    async (path, at) => {
      const { html, head } = await render(at);
      const expected = EXPECTED[path]!;
      expect(firstHeading(html)).toBe(expected.heading);
      expect(html).toContain(expected.text);
      const tags = new Map(head?.tags?.meta.map((tag) => [tag.key, tag.content]));
      const description = tags.get('description');
      expect(head?.title).toBe(expected.title);
      expect(description?.length).toBeGreaterThan(40);
      // The social card too: crawlers of social networks read the HTML and run no script.
      expect(tags.get('og:title')).toBe(expected.title);
      const card = tags.get('og:description') ?? '';
      expect(card.length).toBeGreaterThan(40);
      expect(description?.startsWith(card.replace(/\.\.\.$/, ''))).toBe(true);
      expect(tags.get('og:image')).toBe(`${PRERENDER_ORIGIN}/site/social-card.jpg`);
      expect(tags.get('twitter:card')).toBe('summary');
      // The content security policy refuses inline styles in HTML (style-src 'self').
      expect(html).not.toMatch(/\sstyle="/);
    },
  );

  it.each(PRERENDERED_PAGES.map((p) => p.renderAt ?? p.path))(
    '%s is built for a visitor, never a member',
    async (path) => {
      const { html } = await render(path);
      expect(html).toContain('href="/login"');
      expect(html).not.toContain('Account menu');
      expect(html).not.toContain('Signed in as');
    },
  );

  it.each(PRERENDERED_PAGES.map((p) => p.renderAt ?? p.path))(
    '%s has every submit button disabled, so the browser never sends a form before hydration',
    async (path) => {
      const { html } = await render(path);
      const submits = html.match(/<button[^>]*type="submit"[^>]*>/g) ?? [];
      for (const submit of submits) expect(submit).toContain('disabled=""');
    },
  );

  it("builds no mail link's own values into the pages a mail links to: they come from the URL once hydrated", async () => {
    for (const page of PRERENDERED_PAGES.filter((p) => p.renderAt)) {
      const { html } = await render(page.renderAt!);
      expect(html).not.toMatch(/\b(code|account|token|address)"/);
      expect(html).not.toContain('value="address"');
    }
  });

  it('builds the data a page fetches in its loading state, as the first render in the browser shows it', async () => {
    const quiz = await render('/take-quiz/1');
    expect(quiz.html).toContain('Loading the options...');
    const home = await render('/');
    expect(home.html).toContain('Loading the price');
  });

  it('I4: the home page carries the store as Organization data for search engines, and no other page does', async () => {
    const home = await render('/');
    const data = JSON.parse(home.head?.tags?.jsonLd ?? 'null');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Sample First',
      url: `${PRERENDER_ORIGIN}/`,
      logo: `${PRERENDER_ORIGIN}/favicon.svg`,
    });
    const login = await render('/login');
    expect(login.head?.tags?.jsonLd).toBeUndefined();
  });
});
