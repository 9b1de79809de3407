import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { MAIL_PREVIEWS } from './mail-previews.ts';

let server: TestServer;
let production: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  production = await startTestServer({ isProduction: true });
});
afterAll(async () => {
  await server?.close();
  await production?.close();
});

describe('GET /dev/mailbox/templates', () => {
  it('renders every template with sample data, HTML and text, links on PUBLIC_URL', async () => {
    const answer = await server.request('GET', '/api/dev/mailbox/templates');
    expect(answer.status).toBe(200);
    const templates = answer.body as {
      id: string;
      kind: string;
      title: string;
      html: string;
      text: string;
    }[];
    expect(templates.map((t) => t.title)).toEqual(MAIL_PREVIEWS.map((p) => p.title));
    expect(new Set(templates.map((t) => t.id)).size).toBe(templates.length);
    for (const template of templates) {
      expect(template.html).toContain('Sample First');
      expect(template.text).toContain('Sample First');
    }
    const shipped = templates.find((t) => t.kind === 'box-shipped')!;
    expect(shipped.text).toContain(`${server.config.publicUrl}/order-detail/`);
  });

  it('is not there in production (404), like the sent mails', async () => {
    expect((await production.request('GET', '/api/dev/mailbox/templates')).status).toBe(404);
    expect((await production.request('GET', '/api/dev/mailbox')).status).toBe(404);
  });
});
