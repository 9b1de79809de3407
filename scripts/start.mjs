// `npm start`: builds what is missing or older than its sources, then runs the store in this process.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(...entries) {
  let max = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const f of readdirSync(p)) if (f !== 'node_modules' && f !== 'dist') visit(path.join(p, f));
    } else max = Math.max(max, s.mtimeMs);
  };
  for (const e of entries) visit(path.join(root, e));
  return max;
}

function builtAt(file) {
  const p = path.join(root, file);
  return existsSync(p) ? statSync(p).mtimeMs : 0;
}

const contracts = 'packages/contracts/src';
// WEB_DIST points at a web build made elsewhere (a CDN origin, a private test build): nothing to build here.
// The prerendered pages' manifest is the web build's last output, so a build that stopped halfway,
// or one made before pages were prerendered, is built again.
if (
  !process.env.WEB_DIST &&
  builtAt('apps/web/dist/prerendered/manifest.json') <
    newest(
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/scripts',
      contracts,
      // New dependency versions (npm ci) also call for a new bundle.
      'package-lock.json',
    )
) {
  console.log('Building the web app...');
  // Always a production bundle, whatever NODE_ENV the server itself runs with. The web build
  // script itself (Vite, then the prerendered pages), not through npm, and only Vite's warnings:
  // its table of every asset is not for the person starting.
  execSync(`"${process.execPath}" scripts/build.mjs --logLevel warn`, {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
if (
  builtAt('apps/api/dist/server.js') <
  newest('apps/api/src', 'apps/api/build.mjs', contracts, 'package-lock.json')
) {
  console.log('Building the API...');
  execSync(`"${process.execPath}" build.mjs`, { cwd: path.join(root, 'apps/api'), stdio: 'inherit' });
}

const { startServer } = await import(path.join(root, 'apps/api/dist/server.js'));
const app = await startServer();
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : '?';
console.log(storeSummary(process.env, `http://localhost:${port}`));

/** What a person starting the store needs: where it is, which database, where mail goes, how to operate it. */
function storeSummary(env, url) {
  const production = env.NODE_ENV === 'production';
  const database = env.DATABASE_URL
    ? `PostgreSQL ${hidePassword(env.DATABASE_URL)}`
    : `PGlite (embedded) in ${path.resolve(env.DATA_DIR ?? './data', 'pglite')}`;
  const mail = env.SMTP_URL
    ? `sent through ${hidePassword(env.SMTP_URL)}`
    : production
      ? 'not sent: set SMTP_URL'
      : `kept, not sent: read it at ${url}/dev/mailbox`;
  const payments = env.STRIPE_SECRET_KEY
    ? 'Stripe'
    : 'offline sandbox (card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined)';
  const lines = [
    `The store is running at ${url}`,
    `  database   ${database}`,
    `  mail       ${mail}`,
    `  payments   ${payments}`,
  ];
  const seeded = env.SEED_DEMO ? env.SEED_DEMO === 'true' : !production;
  if (!production && seeded) {
    lines.push(`  operator   ${url}/admin as admin@example.com / sample-first-operator (demo account)`);
    if (env.SEED_DEMO_MEMBERS !== 'false' && !env.STRIPE_SECRET_KEY) {
      lines.push(
        '  members    demo-member-01@example.com … -250 / demo-member-sample-first (a year of demo members)',
      );
    }
  }
  lines.push('Stop it with Ctrl+C.');
  return lines.join('\n');
}

function hidePassword(address) {
  try {
    const parsed = new URL(address);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an address that is not a URL)';
  }
}
