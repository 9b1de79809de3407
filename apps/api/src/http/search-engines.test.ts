import { PUBLIC_PAGES } from '@store/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ publicUrl: 'https://samples.example.com' });
});
afterAll(async () => {
  await server?.close();
});

describe('I4 search engines', () => {
  it('I4: /robots.txt keeps crawlers out of member and back-office pages and names the sitemap', async () => {
    const answer = await server.request('GET', '/robots.txt');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = answer.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const prefix of [
      '/admin',
      '/api/',
      '/dev/',
      '/membership',
      '/profile',
      '/shop',
      '/billing',
      '/checkout',
    ]) {
      expect(lines).toContain(`Disallow: ${prefix}`);
    }
    expect(lines).toContain('Sitemap: https://samples.example.com/sitemap.xml');
    // No public page is disallowed by a prefix.
    const disallowed = lines
      .filter((l) => l.startsWith('Disallow: '))
      .map((l) => l.slice('Disallow: '.length));
    for (const page of PUBLIC_PAGES) {
      expect(
        disallowed.filter((prefix) => page.startsWith(prefix)),
        page,
      ).toEqual([]);
    }
  });

  it('I4: /sitemap.xml lists every public page as PUBLIC_URL + path, "/" for home and no trailing slash', async () => {
    const answer = await server.request('GET', '/sitemap.xml');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(answer.text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locations = [...answer.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual([
      'https://samples.example.com/',
      'https://samples.example.com/take-quiz/1',
      'https://samples.example.com/subscriptions-learn-more',
      'https://samples.example.com/influencer',
      'https://samples.example.com/privacy-policy',
      'https://samples.example.com/login',
      'https://samples.example.com/register',
      'https://samples.example.com/forgot-password',
    ]);
    expect(locations).toHaveLength(PUBLIC_PAGES.length);
  });

  it('I4: both answer with any case and are not part of the API description', async () => {
    expect((await server.request('GET', '/ROBOTS.txt')).status).toBe(200);
    const docs = await server.request('GET', '/api/docs');
    expect(JSON.stringify(docs.body.paths ?? {})).not.toContain('robots');
  });
});
