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
if (
  !process.env.WEB_DIST &&
  builtAt('apps/web/dist/index.html') <
    newest(
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      contracts,
      // New dependency versions (npm ci) also call for a new bundle.
      'package-lock.json',
    )
) {
  console.log('Building the web app...');
  // Always a production bundle, whatever NODE_ENV the server itself runs with.
  execSync('npm run build -w @store/web', {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
if (
  builtAt('apps/api/dist/server.js') <
  newest('apps/api/src', 'apps/api/build.mjs', contracts, 'package-lock.json')
) {
  console.log('Building the API...');
  execSync('npm run build -w @store/api', { cwd: root, stdio: 'inherit' });
}

const { startServer } = await import(path.join(root, 'apps/api/dist/server.js'));
const app = await startServer();
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : '?';
console.log(`The store is running at http://localhost:${port}`);
