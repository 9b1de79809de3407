import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PRERENDER_ORIGIN } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config/env.ts';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/helpers.ts';
import { pickEncoding } from './static.ts';

const SHELL =
  '<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div></body></html>';

/**
 * A page as the prerender writes it: its own title, a social card and canonical link built with
 * the placeholder origin, and its heading inside #root.
 */
function pageHtml(title: string, heading: string): string {
  // Long enough that compression is worth it, as a real page is.
  const filler = '<p>Protein powder samples matched to you.</p>'.repeat(50);
  const social = `<meta property="og:image" content="${PRERENDER_ORIGIN}/site/social-card.jpg"><link rel="canonical" href="${PRERENDER_ORIGIN}${title === 'Log in | Sample First' ? '/login' : '/'}">`;
  return `<!doctype html><html><head><title>${title}</title>${social}</head><body><div id="root"><h1>${heading}</h1>${filler}</div></body></html>`;
}

/** The login page's critical CSS, inlined by the prerender, and its hash as the prerender lists it. */
const LOGIN_STYLE = '.auth-card{padding:24px}';
const LOGIN_STYLE_HASH = `'sha256-${createHash('sha256').update(LOGIN_STYLE).digest('base64')}'`;

const PAGES = [
  { path: '/', file: 'home.html', anyQuery: true, title: 'Sample First', heading: 'Home heading' },
  { path: '/login', file: 'login.html', anyQuery: true, title: 'Log in | Sample First', heading: 'Log in' },
  {
    path: '/take-quiz/1',
    file: 'take-quiz-1.html',
    anyQuery: false,
    title: 'Quiz, step 1 of 12 | Sample First',
    heading: 'What kind of exercise do you do?',
  },
];

/** Pages a mail links to: one matched by a pattern, one only with the query its first render needs. */
const MAIL_PAGES = [
  {
    path: '/verification/:code/:userId',
    file: 'verification.html',
    anyQuery: true,
    title: 'Email verification | Sample First',
    heading: 'Verifying your email…',
  },
  {
    path: '/reset-password',
    file: 'reset-password.html',
    anyQuery: true,
    requiredQuery: ['token', 'email'],
    title: 'Choose a new password | Sample First',
    heading: 'Choose a new password',
  },
];

describe('the web app with prerendered public pages', () => {
  let dist: string;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), SHELL);
    mkdirSync(path.join(dist, 'prerendered'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    for (const page of [...PAGES, ...MAIL_PAGES]) {
      writeFileSync(path.join(dist, 'prerendered', page.file), pageHtml(page.title, page.heading));
    }
    writeFileSync(
      path.join(dist, 'prerendered', 'manifest.json'),
      JSON.stringify({
        pages: [
          ...PAGES.map(({ path: p, file, anyQuery }) => ({
            path: p,
            file,
            anyQuery,
            ...(p === '/login' ? { styleHashes: [LOGIN_STYLE_HASH] } : {}),
          })),
          ...MAIL_PAGES.map(({ title: _t, heading: _h, ...entry }) => entry),
        ],
      }),
    );
    database = await openTestDatabase();
    app = await buildApp({ config: { ...testConfig(), webDist: dist }, db: database.db });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(PAGES)('sends $path as its own HTML, with its title and heading', async (page) => {
    const res = await app.inject({ method: 'GET', url: page.path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain(`<title>${page.title}</title>`);
    expect(res.body).toContain(`<div id="root"><h1>${page.heading}</h1>`);
  });

  it('allows a page its own inline critical CSS by hash, and nothing else inline', async () => {
    const styleSource = (policy: string | undefined) =>
      String(policy)
        .split('; ')
        .find((directive) => directive.startsWith('style-src '));
    const login = await app.inject({ method: 'GET', url: '/login' });
    expect(styleSource(login.headers['content-security-policy'])).toBe(
      `style-src 'self' ${LOGIN_STYLE_HASH}`,
    );
    expect(login.headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com;");
    expect(login.headers['content-security-policy']).not.toContain('unsafe-inline');
    // A page without inline styles, the app shell and the API keep the plain policy.
    for (const url of ['/', '/account', '/api/health']) {
      const res = await app.inject({ method: 'GET', url });
      expect(styleSource(res.headers['content-security-policy']), url).toBe("style-src 'self'");
    }
  });

  it("puts the store's public address into the social card and canonical URLs the build could not know", async () => {
    const res = await app.inject({ method: 'GET', url: '/login' });
    const origin = new URL(testConfig().publicUrl).origin;
    expect(res.body).toContain(`<meta property="og:image" content="${origin}/site/social-card.jpg">`);
    expect(res.body).toContain(`<link rel="canonical" href="${origin}/login">`);
    expect(res.body).not.toContain(PRERENDER_ORIGIN);
  });

  it('sends the brotli or gzip form the browser accepts, and says it varies by encoding', async () => {
    const br = await app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<h1>Log in</h1>');

    const gzip = await app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(pageHtml('x', 'y').length);
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<h1>Log in</h1>');
  });

  it('keeps the prerendered page under any query string, except where the query changes the page', async () => {
    const login = await app.inject({ method: 'GET', url: '/login?returnUrl=%2Fshop' });
    expect(login.body).toContain('<h1>Log in</h1>');
    // The quiz carries ?referralCode= into its links: built without one, it would not match.
    const quiz = await app.inject({ method: 'GET', url: '/take-quiz/1?referralCode=FRIEND' });
    expect(quiz.body).toBe(SHELL);
  });

  it('sends the page a mail links to for any value of its path segments, and only with the query its first render needs', async () => {
    const heading = async (url: string) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return res.body === SHELL ? 'shell' : /<h1>([^<]*)<\/h1>/.exec(res.body)?.[1];
    };
    expect(await heading('/verification/Zm9v-bar/3f2a9c1e-0000-4000-8000-000000000001')).toBe(
      'Verifying your email…',
    );
    expect(await heading('/verification/abc/123?utm_source=mail')).toBe('Verifying your email…');
    expect(await heading('/verification/abc')).toBe('shell');
    expect(await heading('/verification/abc/123/more')).toBe('shell');
    expect(await heading('/verification//123')).toBe('shell');
    expect(await heading('/reset-password?token=abc&email=ana%40example.com')).toBe('Choose a new password');
    // Without its token and address the page first says the link is incomplete: the app shell renders that.
    expect(await heading('/reset-password')).toBe('shell');
    expect(await heading('/reset-password?token=abc')).toBe('shell');
    expect(await heading('/reset-password?token=&email=ana%40example.com')).toBe('shell');
  });

  it.each(['/shop', '/take-quiz/2', '/login/', '/LOGIN', '/profile?x=1'])(
    'sends the SPA shell for %s',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(SHELL);
    },
  );

  it('never serves the prerender outputs as files of their own', async () => {
    for (const url of ['/prerendered/login.html', '/prerendered/manifest.json']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body).toBe(SHELL);
    }
  });

  it('still serves hashed assets as immutable files and answers a missing one with 404', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/gone-000.js' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['identity', 'identity'],
    [undefined, 'identity'],
  ] as const)('%s gives %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('F7 production serves no development page', () => {
  let dist: string;
  let database: Database;
  const apps: Record<'production' | 'development', FastifyInstance | undefined> = {
    production: undefined,
    development: undefined,
  };

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), SHELL);
    database = await openTestDatabase();
    apps.production = await buildApp({
      config: { ...testConfig(), isProduction: true, webDist: dist },
      db: database.db,
    });
    apps.development = await buildApp({ config: { ...testConfig(), webDist: dist }, db: database.db });
  });

  afterAll(async () => {
    await apps.production?.close();
    await apps.development?.close();
    await database?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('F7: /dev/mailbox answers 404 in production, in any spelling, while other pages still get the app', async () => {
    for (const url of [
      '/dev/mailbox',
      '/dev/mailbox?x=1',
      '/DEV/Mailbox',
      '/dev/',
      '/dev',
      '/%64ev/mailbox',
      '//dev/mailbox',
    ]) {
      const res = await apps.production!.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="root">');
    }
    for (const url of ['/login', '/developers', '/membership']) {
      const res = await apps.production!.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('F7: outside production the dev mailbox page is served', async () => {
    const res = await apps.development!.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });
});
