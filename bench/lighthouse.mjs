// `npm run bench:lighthouse`: Lighthouse (mobile preset, simulated throttling) against a store
// started here on PGlite, on each public page (prerendered, docs/decisions/014-prerendered-public-pages.md),
// plus each page's initial JavaScript measured from the build.
//
//   node bench/lighthouse.mjs [--runs 3] [--no-build] [--path /x ...]
//
// Each page is audited `runs` times in a fresh headless Chromium; the run with the median
// performance score is reported. Reports go to bench/results/ (ignored by git).
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { initialJs, initialJsFor } from './lib/initial-js.mjs';
import { formatTable, verdict } from './lib/report.mjs';
import { randomId, snapshotWebDist, startNode } from './lib/servers.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    path: { type: 'string', multiple: true },
  },
});
const runs = Number(args.runs);
const PUBLIC_PAGES = [
  '/',
  '/privacy-policy',
  '/influencer',
  '/subscriptions-learn-more',
  '/login',
  '/register',
  '/forgot-password',
  '/take-quiz/1',
];
const pages = args.path ?? PUBLIC_PAGES;
const PORT = 8304;
const origin = `http://127.0.0.1:${PORT}`;
// What is measured (docs/performance.md): score, LCP on simulated slow 4G, TBT, CLS, and each page's initial JS in kB gzip.
const TARGETS = { score: 98, lcpMs: 1800, tbtMs: 100, cls: 0.02, initialJsKb: 100 };
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-extensions',
];

const workDir = `/tmp/bench-lh-${randomId()}`;
let store;
try {
  await main();
} catch (error) {
  console.error(`\nLighthouse benchmark failed: ${error.stack ?? error}`);
  console.error(`Logs kept in ${workDir}`);
  process.exitCode = 1;
} finally {
  await store?.stop();
  if (!process.exitCode) rmSync(workDir, { recursive: true, force: true });
}

async function main() {
  mkdirSync(workDir, { recursive: true });
  const server = path.join(root, 'apps/api/dist/server.js');
  if (!args['no-build'] || !existsSync(path.join(root, 'apps/web/dist/index.html')) || !existsSync(server)) {
    console.log('== Building the store (npm run build)');
    // Vite keeps a NODE_ENV it inherits; anything but production bundles React's development build.
    execSync('npm run build', {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  // The store serves a copy of the web build, so a rebuild during the run changes nothing.
  const dist = snapshotWebDist(root, workDir);

  const js = initialJs(dist);
  console.log('== Initial JavaScript (index.html module script + modulepreloads, gzip)');
  for (const f of js.files) console.log(`   ${f.url}  ${kb(f.bytes)} raw, ${kb(f.gzipBytes)} gzip`);
  console.log(`   total ${kb(js.gzipBytes)} gzip (${(js.gzipBytes / 1024).toFixed(1)} KiB)`);
  // A prerendered page also loads its route's chunks before it hydrates.
  const pageJs = new Map(pages.map((page) => [page, initialJsFor(dist, page)]));
  if (js.developmentBuild) {
    console.log('   WARNING: this build bundles React for development (built with NODE_ENV set to something');
    console.log(
      '   other than production); its figures say nothing about production. Rebuild without --no-build.',
    );
  }

  console.log('== Starting the store on PGlite');
  const env = {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: `${workDir}/data`,
    LOG_LEVEL: 'warn',
    WEB_DIST: dist,
  };
  env.DATABASE_URL = undefined;
  store = await startNode('store', server, {
    cwd: root,
    logDir: workDir,
    env,
    readyUrl: `${origin}/api/health`,
    // A first start plays the demo history (about 40 s on a quiet machine) before it answers.
    timeoutMs: 240_000,
  });

  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const resultsDir = path.join(root, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const loadBefore = loadAverage();
  console.log(`== Load average before the audits: ${loadBefore} (1, 5, 15 min; 2 cores are quiet below 1)`);
  const results = [];
  for (const page of pages) {
    const audits = [];
    for (let i = 0; i < runs; i++) {
      process.stdout.write(`   ${page} run ${i + 1}/${runs} ... `);
      const run = await auditWithRetry(`${origin}${page}`, chromePath);
      console.log(`score ${run.score}`);
      audits.push(run);
    }
    const median = [...audits].sort((a, b) => a.score - b.score)[Math.floor(audits.length / 2)];
    const name = page === '/' ? 'home' : page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
    writeFileSync(path.join(resultsDir, `lighthouse-${name}.html`), median.html);
    results.push({
      page,
      scores: audits.map((a) => a.score),
      ...median,
      html: undefined,
      initialJsGzipBytes: pageJs.get(page).gzipBytes,
    });
  }

  console.log('\n== Lighthouse, mobile preset (median of %d runs)', runs);
  console.log(
    formatTable(
      ['page', 'score', 'LCP ms', 'TBT ms', 'CLS', 'FCP ms', 'JS kB gz', 'runs', 'targets'],
      results.map((r) => [
        r.page,
        r.score,
        r.lcp,
        r.tbt,
        r.cls,
        r.fcp,
        (r.initialJsGzipBytes / 1000).toFixed(1),
        r.scores.join('/'),
        missedTargets(r),
      ]),
    ),
  );
  console.log(
    `targets: score >= ${TARGETS.score}, LCP <= ${TARGETS.lcpMs} ms, TBT <= ${TARGETS.tbtMs} ms, CLS <= ${TARGETS.cls} (JS kB gz: the page's whole first load, for comparison; the target is the shell's, below)`,
  );
  const jsKb = js.gzipBytes / 1000;
  console.log(
    `\nInitial JS of the shell: ${kb(js.gzipBytes)} gzip; target <= ${TARGETS.initialJsKb} kB ${verdict(jsKb, TARGETS.initialJsKb, 'max')}`,
  );

  const report = {
    date: new Date().toISOString(),
    loadAverageBefore: loadBefore,
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model },
    lighthouse: createRequire(import.meta.url)('lighthouse/package.json').version,
    chromium: execFileSync(chromePath, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim(),
    preset: 'mobile (default config, simulated throttling)',
    runs,
    targets: TARGETS,
    pages: results,
    initialJs: js,
  };
  writeFileSync(path.join(resultsDir, 'lighthouse-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Load average after the audits: ${loadAverage()}`);
  console.log('Written to bench/results/lighthouse-latest.json (and an HTML report per page)');
}

/**
 * "ok", or which of the page's targets it missed. The page's own JavaScript (the shell and its
 * route's chunks) is printed for comparison; the JavaScript target is the shell's, printed below
 * the table.
 */
function missedTargets(r) {
  const missed = [
    verdict(r.score, TARGETS.score, 'min') === 'ok' ? null : 'score',
    verdict(r.lcp, TARGETS.lcpMs, 'max') === 'ok' ? null : 'LCP',
    verdict(r.tbt, TARGETS.tbtMs, 'max') === 'ok' ? null : 'TBT',
    verdict(r.cls, TARGETS.cls, 'max') === 'ok' ? null : 'CLS',
  ].filter(Boolean);
  return missed.length ? `MISSED ${missed.join(', ')}` : 'ok';
}

/**
 * Lighthouse's own trace recording sometimes fails on a busy machine (NO_NAVSTART, NO_FCP); such
 * a run measured nothing, so it is made again, twice at most, instead of ending the benchmark.
 */
async function auditWithRetry(url, chromePath) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, chromePath);
    } catch (error) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_LCP/.test(String(error))) throw error;
      process.stdout.write(`(${String(error.message).split(' ')[1]}, again) `);
    }
  }
}

/** One Lighthouse run in a fresh browser, so no cache or storage carries over between runs. */
async function audit(url, chromePath) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: ['json', 'html'],
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const metric = (id) => lhr.audits[id]?.numericValue;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: Math.round(metric('largest-contentful-paint')),
      tbt: Math.round(metric('total-blocking-time')),
      cls: Number(metric('cumulative-layout-shift').toFixed(3)),
      fcp: Math.round(metric('first-contentful-paint')),
      html: result.report[1],
    };
  } finally {
    await chrome.kill();
  }
}

function kb(bytes) {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

/** The 1, 5 and 15 minute load averages, as the load bench prints them. */
function loadAverage() {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
}
