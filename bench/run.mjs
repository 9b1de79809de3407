// `npm run bench`: load-tests the store's hot routes beside reference servers doing the least
// possible work, on the same machine in the same run, and prints each route's ratio to its reference.
//
//   node bench/run.mjs [-d seconds] [-c connections] [-r rounds] [-w warmup-seconds] [--no-build] [--only a,b]
//                      [--no-lighthouse]
//   (keys for --only: health, flavors, home, authinfo, product, shop, checkout, my-orders, cart-get,
//   product-pglite, flavors-pglite, cart-add, cart-add-50, logins, lighthouse)
//
// Last, once the load servers are stopped, the Lighthouse rows (bench/lighthouse.mjs, median of 3
// per public page, with the load average it starts under), so one command prints every target.
//
// Each target: a warm-up, then `rounds` runs of autocannon; the round with the most req/s is kept
// (best of N). A route and its reference take their rounds in turn (store, reference, store, ...),
// so a machine whose speed drifts during the run moves both sides of a ratio alike. Results go to
// bench/results/latest.json (ignored by git).
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { initialJs } from './lib/initial-js.mjs';
import { benchUserMembership, benchUserOrder, benchUserToken } from './lib/members.mjs';
import {
  bestRound,
  cpuMicrosPerRequest,
  failures,
  formatRatio,
  formatTable,
  ratio,
  summarize,
  verdict,
} from './lib/report.mjs';
import { cpuSeconds, createDatabase, randomId, snapshotWebDist, startNode } from './lib/servers.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', short: 'd', default: '5' },
    connections: { type: 'string', short: 'c', default: '50' },
    rounds: { type: 'string', short: 'r', default: '2' },
    warmup: { type: 'string', short: 'w', default: '1' },
    'no-build': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const settings = {
  duration: Number(args.duration),
  connections: Number(args.connections),
  rounds: Number(args.rounds),
  warmup: Number(args.warmup),
  keep: 'best round by req/s',
};

/** Ports 8301-8310 belong to the benchmarks. */
const PORTS = { storePg: 8301, storePglite: 8302, reference: 8303, fastifyReference: 8307 };
const HOST = '127.0.0.1';
const base = (port) => `http://${HOST}:${port}`;

const TARGETS = {
  /** Of a node:http server replaying the store's own answer byte for byte. */
  plainRatio: 0.8,
  homeRatio: 0.7,
  /** Of one raw prepared read plus the same answer; p99 at most 1.5x the reference's. */
  memberReadRatio: 0.6,
  memberReadP99Factor: 1.5,
  pgliteReadRatio: 0.5,
  /** addToCart over 50 members' carts, of a raw pg transaction doing the same rows. */
  cartAddRatio: 0.4,
  /** AuthInfo's p99 while 20 logins a second run beside it, at most this times its p99 alone. */
  loginsP99Factor: 1.5,
  /** The shell's initial JavaScript, gzip. */
  initialJsKb: 100,
  p99Ms: 20,
};
const CART_MEMBERS = 50;

/** Logins a second in the logins-beside measurement, spread over LOGIN_ADDRESSES and LOGIN_ACCOUNTS. */
const LOGINS_PER_SECOND = 20;
const LOGIN_SECONDS = 10;
/**
 * Below the per-address and per-account login limits (50 per address and 10 per account in 15
 * minutes): two halves of 200 logins over 10 loopback addresses are 40 per address, and each half
 * uses its own 25 of the 50 accounts, 8 logins each besides its sign-up login.
 */
const LOGIN_ADDRESSES = 10;
const LOGIN_ACCOUNTS = 50;
/** AuthInfo's steady rate in the second half: a busy store's traffic, short of what the cores can serve. */
const STEADY_AUTHINFO_RATE = 1000;

const id = randomId();
const workDir = `/tmp/bench-${id}`;
const cleanups = [];
let failed = false;

async function cleanup() {
  for (const step of cleanups.reverse()) {
    try {
      await step();
    } catch (error) {
      console.error(`cleanup: ${error.message}`);
    }
  }
  cleanups.length = 0;
  if (!failed) rmSync(workDir, { recursive: true, force: true });
  else console.error(`Logs kept in ${workDir}`);
}

process.on('SIGINT', () => {
  failed = true;
  cleanup().finally(() => process.exit(130));
});

try {
  await main();
} catch (error) {
  failed = true;
  console.error(`\nBenchmark failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}

// The pages' rows: their own store and browser, after the load servers are gone so neither
// measurement shares the cores with the other. The build is the one just measured.
if (!failed && !args['no-lighthouse'] && (!args.only || args.only.split(',').includes('lighthouse'))) {
  console.log('\n== Lighthouse (npm run bench:lighthouse -- --no-build)');
  try {
    execFileSync(process.execPath, [path.join(root, 'bench/lighthouse.mjs'), '--no-build', '--runs', '3'], {
      cwd: root,
      stdio: 'inherit',
    });
  } catch {
    process.exitCode = 1;
  }
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
  // The servers read a copy of the web build, so a rebuild during the run changes nothing.
  const webDist = snapshotWebDist(root, workDir);
  const distIndex = path.join(webDist, 'index.html');

  const loadBefore = loadAverage();
  console.log(`== Load average before the run: ${loadBefore} (1, 5, 15 min; 2 cores are quiet below 1)`);
  console.log('== Starting the servers');
  const database = await createDatabase(`bench_${id}`);
  cleanups.push(() => database.drop());
  const common = {
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    HOST,
    NODE_ENV: 'development',
    WEB_DIST: webDist,
    // The bench makes its own members; a year of demo history in both stores at once took longer
    // than the start-up wait, and none of the measured routes reads it.
    SEED_DEMO_MEMBERS: 'false',
  };
  const started = await Promise.allSettled([
    startNode('store-postgres', server, {
      cwd: root,
      logDir: workDir,
      env: {
        ...common,
        PORT: String(PORTS.storePg),
        DATABASE_URL: database.url,
        DATA_DIR: `${workDir}/pg-data`,
        // The 50 cart members sign up from their own (forwarded) addresses, as 50 people would.
        TRUST_PROXY: 'true',
      },
      readyUrl: `${base(PORTS.storePg)}/api/health`,
    }),
    startNode('store-pglite', server, {
      cwd: root,
      logDir: workDir,
      env: {
        ...common,
        PORT: String(PORTS.storePglite),
        DATABASE_URL: undefined,
        DATA_DIR: `${workDir}/pglite-data`,
      },
      readyUrl: `${base(PORTS.storePglite)}/api/health`,
    }),
    startNode('reference', path.join(root, 'bench/reference-server.mjs'), {
      cwd: root,
      logDir: workDir,
      env: {
        PORT: String(PORTS.reference),
        HOST,
        DATABASE_URL: database.url,
        PGLITE_DIR: `${workDir}/reference-pglite`,
        INDEX_FILE: distIndex,
        FASTIFY_PORT: String(PORTS.fastifyReference),
      },
      readyUrl: `${base(PORTS.reference)}/json`,
    }),
  ]);
  for (const p of started) if (p.status === 'fulfilled') cleanups.push(() => p.value.stop());
  const notStarted = started.find((p) => p.status === 'rejected');
  if (notStarted) throw notStarted.reason;
  const [storePg, storePglite, reference] = started.map((p) => p.value);

  // A returning browser carries the XSRF cookie; without it every answer would mint a new one.
  const cookie = await xsrfCookie(base(PORTS.storePg));
  const cookieLite = await xsrfCookie(base(PORTS.storePglite));
  const token = await benchUserToken(base(PORTS.storePg), database.url, id);
  const order = token.skip ? token : await benchUserOrder(base(PORTS.storePg), token.value);
  // A second member who paid the first box: the shop has unlocked and locked products for them.
  const shopper = await benchUserToken(base(PORTS.storePg), database.url, id, '-shop');
  const shop = shopper.skip ? shopper : await benchUserMembership(base(PORTS.storePg), shopper.value);
  const cart = shop.skip
    ? shop
    : await benchCart(
        base(PORTS.storePg),
        shopper.value,
        await xsrfCookie(base(PORTS.storePg), shopper.value),
      );
  const needsMembers = !args.only || args.only.split(',').includes('cart-add-50');
  const members = needsMembers
    ? await benchCartMembers(base(PORTS.storePg), database.url)
    : { skip: 'not selected' };

  const ref = (name, pathname) => ({
    name,
    server: 'reference',
    url: `${base(PORTS.reference)}${pathname}`,
    pid: reference.pid,
  });
  const refs = {
    json: ref('bare node:http JSON', '/json'),
    pg: ref('raw pg read (20 rows)', '/pg'),
    pglite: ref('raw PGlite read (20 rows)', '/pglite'),
    file: ref('bare node:http file', '/file'),
  };
  // A signed-in browser carries the XSRF cookie its session was given; an anonymous one would be
  // replaced (a new token signed, a Set-Cookie header) on every answer, which no browser keeps doing.
  const memberCookies = new Map();
  for (const t of [token.value, shopper.value].filter(Boolean))
    memberCookies.set(t, await xsrfCookie(base(PORTS.storePg), t));
  const storeAuth = (t) => ({
    cookie: memberCookies.get(t) ?? cookie,
    ...(t ? { authorization: `Bearer ${t}` } : {}),
  });
  // Each store answer is recorded once and replayed by the reference, byte for byte.
  const replayOf = async (name, url, headers, kind = 'replay', method = 'GET') => {
    await recordAnswer(url, headers, `${base(PORTS.reference)}/record/${name}`, method);
    const label = {
      replay: 'replay of the same answer',
      pg: 'raw pg read + same answer',
      pglite: 'raw PGlite read + same answer',
      cart: 'raw pg transaction + same answer',
    }[kind];
    return { ...ref(label, `/${kind}/${name}`), method: kind === 'cart' ? 'POST' : 'GET' };
  };
  const selected = (key) => !args.only || args.only.split(',').includes(key);
  const store = (port) => (port === PORTS.storePg ? storePg.pid : storePglite.pid);
  const route = (key, pathname, options = {}) => ({
    key,
    route: `${options.method ?? 'GET'} ${pathname.replace(/\?.*/, '')}`,
    server: options.port === PORTS.storePglite ? 'store on PGlite' : 'store on PostgreSQL',
    pid: store(options.port ?? PORTS.storePg),
    url: `${base(options.port ?? PORTS.storePg)}${pathname}`,
    headers: options.headers ?? { cookie },
    method: options.method,
    skip: options.skip,
    target: options.target ?? {},
  });
  const memberRead = (key, pathname, t, skip) =>
    route(key, pathname, {
      headers: storeAuth(t),
      skip,
      target: { ratio: TARGETS.memberReadRatio, p99Factor: TARGETS.memberReadP99Factor },
    });
  const replayRoutes = [
    [route('health', '/api/health', { target: { ratio: TARGETS.plainRatio } }), 'replay'],
    [route('flavors', '/api/Types/Flavors', { target: { ratio: TARGETS.plainRatio } }), 'replay'],
    [route('home', '/', { target: { ratio: TARGETS.homeRatio } }), 'replay'],
    [memberRead('authinfo', '/api/Account/AuthInfo', shopper.value, shopper.skip), 'pg'],
    [memberRead('product', '/api/product/GetItem?id=1', shopper.value, shopper.skip), 'pg'],
    [memberRead('shop', '/api/product/GetShopProducts', shopper.value, shop.skip), 'pg'],
    [
      memberRead(
        'checkout',
        `/api/checkout/GetCheckoutOrder?orderId=${order.value ?? ''}`,
        token.value,
        order.skip,
      ),
      'pg',
    ],
    [memberRead('my-orders', '/api/order/GetMyOrders', shopper.value, shop.skip), 'pg'],
    [memberRead('cart-get', `/api/cart/GetItem?id=${cart.value ?? ''}`, shopper.value, cart.skip), 'pg'],
    [
      route('product-pglite', '/api/product/GetItem?id=1', {
        port: PORTS.storePglite,
        headers: { cookie: cookieLite },
        target: { ratio: TARGETS.pgliteReadRatio },
      }),
      'pglite',
    ],
  ].filter(([r]) => selected(r.key));
  const paired = [];
  for (const [r, kind] of replayRoutes) {
    if (r.skip) {
      paired.push(r);
      continue;
    }
    r.reference = await replayOf(r.key, r.url, r.headers, kind);
    paired.push(r);
  }
  // The same answers through a bare Fastify app: the framework's own floor, before the store's hooks.
  for (const key of ['health', 'home']) {
    const replayed = paired.find((r) => r.key === key);
    if (replayed?.reference)
      paired.push({
        ...replayed,
        key: `${key}-fastify`,
        reference: {
          name: 'bare Fastify, same answer',
          server: 'reference',
          url: `${base(PORTS.fastifyReference)}/replay/${key}`,
          pid: reference.pid,
          method: 'GET',
        },
        target: {},
      });
  }
  // The header-less references: what the headers cost.
  if (selected('health'))
    paired.push({
      ...paired.find((r) => r.key === 'health'),
      key: 'health-bare',
      reference: refs.json,
      target: {},
    });
  if (selected('home'))
    paired.push({
      ...paired.find((r) => r.key === 'home'),
      key: 'home-bare',
      reference: refs.file,
      target: {},
    });
  if (selected('cart-add-50') && !members.skip) {
    const spread = {
      key: 'cart-add-50',
      route: `POST /api/cart/addToCart (${CART_MEMBERS} members' carts)`,
      server: 'store on PostgreSQL',
      pid: storePg.pid,
      method: 'POST',
      url: `${base(PORTS.storePg)}/api/cart/addToCart`,
      headers: members.headers(0),
      requests: members.requests,
      background: () => resetCartQuantities(database.url, members.cartIds),
      target: { ratio: TARGETS.cartAddRatio },
    };
    spread.reference = await replayOf(
      'cart-add',
      `${spread.url}?${members.query(0)}`,
      members.headers(0),
      'cart',
      'POST',
    );
    paired.push(spread);
  } else if (selected('cart-add-50')) {
    paired.push({
      key: 'cart-add-50',
      route: 'POST /api/cart/addToCart (50 carts)',
      server: 'store on PostgreSQL',
      skip: members.skip,
    });
  }
  const routes = [
    ...paired,
    {
      key: 'flavors-pglite',
      route: 'GET /api/Types/Flavors',
      server: 'store on PGlite',
      pid: storePglite.pid,
      url: `${base(PORTS.storePglite)}/api/Types/Flavors`,
      headers: { cookie: cookieLite },
      reference: refs.pglite,
      target: {},
    },
    {
      // One transaction: the cart row locked, the product's stock and unlock checked, the item's
      // quantity raised, the version moved, the cart re-read and priced. Every request adds to the
      // same cart, so they queue on its row lock; a side connection puts the quantity back to 1
      // every 20 ms so the 99-tub limit is never what is measured.
      key: 'cart-add',
      route: 'POST /api/cart/addToCart (one cart, 50 connections)',
      server: 'store on PostgreSQL',
      pid: storePg.pid,
      method: 'POST',
      url: `${base(PORTS.storePg)}/api/cart/addToCart?productId=${cart.productId ?? 0}&cartId=${cart.value ?? 0}`,
      headers: {
        cookie: memberCookies.get(shopper.value) ?? cookie,
        'x-xsrf-token': decodeURIComponent(
          (memberCookies.get(shopper.value) ?? cookie).replace(/^XSRF-TOKEN=/, ''),
        ),
        ...(shopper.value ? { authorization: `Bearer ${shopper.value}` } : {}),
      },
      skip: cart.skip,
      background: () => resetCartQuantities(database.url, cart.value),
      reference: refs.json,
      target: {},
    },
  ].filter(
    (r) =>
      !args.only ||
      r.key.endsWith('-bare') ||
      r.key.endsWith('-fastify') ||
      args.only.split(',').includes(r.key),
  );

  for (const route of routes) {
    if (route.skip || route.requests) continue;
    const probe = await fetch(route.url, { method: route.method ?? 'GET', headers: route.headers });
    await probe.arrayBuffer();
    if (probe.status !== 200) route.skip = `answers ${probe.status} (not built yet?)`;
  }

  const assets = await checkAssets(base(PORTS.storePg), webDist);

  console.log(
    `== Load: ${settings.connections} connections, ${settings.warmup} s warm-up, ` +
      `${settings.rounds} x ${settings.duration} s rounds, ${settings.keep}`,
  );
  const measured = new Map();
  const label = (target) => target.name ?? `${target.route} (${target.server})`;
  const printLoad = (target, result) =>
    console.log(
      `   ${label(target)} ... ${result.rps} req/s, p99 ${result.p99} ms, ${result.cpuMicros ?? '?'} µs CPU/req` +
        (failures(result) ? `, ${failures(result)} failed` : ''),
    );
  // A target measured for an earlier row (the store's health beside a second reference) is reused.
  const measure = async (target) => {
    if (!measured.has(target.url)) {
      const result = await load([target]).then(([r]) => r);
      printLoad(target, result);
      measured.set(target.url, result);
    }
    return measured.get(target.url);
  };
  const measurePair = async (route) => {
    const [store, reference] = await load([route, route.reference]);
    printLoad(route, store);
    printLoad(route.reference, reference);
    measured.set(route.url, store);
    measured.set(route.reference.url, reference);
  };
  const results = [];
  for (const route of routes) {
    if (route.skip) {
      console.log(`   ${route.route} (${route.server}): skipped, ${route.skip}`);
      results.push({ key: route.key, route: route.route, server: route.server, skipped: route.skip });
      continue;
    }
    if (!measured.has(route.url) && !measured.has(route.reference.url)) await measurePair(route);
    const store = await measure(route);
    const reference = await measure(route.reference);
    const r = ratio(store.rps, reference.rps);
    results.push({
      key: route.key,
      route: route.route,
      server: route.server,
      store,
      reference: { name: route.reference.name, ...reference },
      ratio: r,
      // The reference's CPU per request over ours: the same ratio measured by work, not by clock.
      cpuRatio: ratio(reference.cpuMicros, store.cpuMicros),
      target: route.target,
      verdicts: {
        ...(route.target.ratio ? { ratio: verdict(r, route.target.ratio, 'min') } : {}),
        ...(route.target.p99 ? { p99: verdict(store.p99, route.target.p99, 'max') } : {}),
        ...(route.target.p99Factor
          ? { p99: verdict(store.p99, Math.max(1, reference.p99) * route.target.p99Factor, 'max') }
          : {}),
        failures: failures(store) === 0 ? 'ok' : 'MISSED',
      },
    });
  }

  const logins = selected('logins')
    ? await benchLoginsBeside(base(PORTS.storePg), database.url, storeAuth(shopper.value), shopper.skip)
    : undefined;

  console.log('\n== Results');
  const rows = results.map((r) =>
    r.skipped
      ? [r.route, r.server, '-', '-', '-', '-', '-', '-', '-', '-', '-', `skipped: ${r.skipped}`]
      : [
          r.route,
          r.server,
          r.store.rps,
          r.store.p99,
          r.store.cpuMicros,
          failures(r.store),
          r.reference.name,
          r.reference.rps,
          r.reference.cpuMicros,
          formatRatio(r.ratio),
          formatRatio(r.cpuRatio),
          targetText(r),
        ],
  );
  console.log(
    formatTable(
      [
        'route',
        'server',
        'req/s',
        'p99 ms',
        'µs/req',
        'failed',
        'reference',
        'ref req/s',
        'ref µs/req',
        'ratio',
        'cpu ratio',
        'target',
      ],
      rows,
    ),
  );
  if (logins) console.log(`\n${loginsText(logins)}`);
  // The shell every first visit loads, from the same build the servers serve.
  const shell = initialJs(webDist);
  const shellKb = shell.gzipBytes / 1000;
  console.log(
    `\nInitial JavaScript (the shell, gzip): ${shellKb.toFixed(1)} kB in ${shell.files.length} files; target <= ${TARGETS.initialJsKb} kB: ${verdict(shellKb, TARGETS.initialJsKb, 'max')}` +
      ' (Lighthouse and the prerendered pages: below, unless --no-lighthouse; the insights: npm run bench:insights)',
  );
  const loadAfter = loadAverage();
  console.log(`Load average after the run: ${loadAfter}`);
  console.log(
    `\nStatic assets: ${assets.map((a) => `${a.encoding}: ${a.ok ? 'ok' : `MISSED (${a.problem})`}`).join(', ')}`,
  );

  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    },
    node: process.version,
    settings,
    targets: TARGETS,
    loadAverage: { before: loadBefore, after: loadAfter },
    results,
    logins,
    initialJs: { gzipBytes: shell.gzipBytes, files: shell.files },
    assets,
  };
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log('Written to bench/results/latest.json');
}

function targetText(r) {
  const parts = [];
  if (r.target.ratio) parts.push(`ratio >= ${Math.round(r.target.ratio * 100)}% ${r.verdicts.ratio}`);
  if (r.target.p99) parts.push(`p99 <= ${r.target.p99} ms ${r.verdicts.p99}`);
  if (r.target.p99Factor) parts.push(`p99 <= ${r.target.p99Factor}x ref ${r.verdicts.p99}`);
  if (r.verdicts.failures !== 'ok') parts.push('failed requests');
  return parts.join(', ');
}

/**
 * Warm-up of each target, then the rounds, the targets in turn within each round (a route and its
 * reference); each round also records the server's CPU time per request. A target's `background`
 * (a side connection putting cart quantities back) runs during that target's own loads only.
 */
async function load(targets) {
  const run = async ({ url, headers = {}, method = 'GET', requests, background }, duration) => {
    const stopBackground = await background?.();
    try {
      return await autocannon({
        url,
        method,
        connections: settings.connections,
        duration,
        headers,
        timeout: 10,
        requests,
      });
    } finally {
      await stopBackground?.();
    }
  };
  if (settings.warmup > 0) for (const target of targets) await run(target, settings.warmup);
  const rounds = targets.map(() => []);
  for (let i = 0; i < settings.rounds; i++) {
    for (const [n, target] of targets.entries()) {
      const cpuBefore = cpuSeconds(target.pid);
      const summary = summarize(await run(target, settings.duration));
      const cpuAfter = cpuSeconds(target.pid);
      rounds[n].push({ ...summary, cpuMicros: cpuMicrosPerRequest(cpuAfter - cpuBefore, summary.requests) });
    }
  }
  return rounds.map((kept) => ({
    ...bestRound(kept),
    rounds: kept.map((r) => ({ rps: r.rps, p99: r.p99, cpuMicros: r.cpuMicros })),
  }));
}

async function xsrfCookie(baseUrl, token) {
  const response = token
    ? await fetch(`${baseUrl}/api/Account/AuthInfo`, { headers: { authorization: `Bearer ${token}` } })
    : await fetch(`${baseUrl}/`);
  await response.arrayBuffer();
  const setCookie = response.headers.get('set-cookie') ?? '';
  const match = setCookie.match(/XSRF-TOKEN=([^;]+)/);
  return match ? `XSRF-TOKEN=${match[1]}` : '';
}

/** The shopper's cart with one tub of their first unlocked product: { value: cartId, productId }. */
async function benchCart(baseUrl, token, cookie) {
  const headers = { authorization: `Bearer ${token}` };
  const shop = await fetch(`${baseUrl}/api/product/GetShopProducts`, { headers });
  const products = shop.status === 200 ? (await shop.json()).subscribedToProducts : [];
  if (!products?.length) return { skip: `no unlocked product (GetShopProducts answered ${shop.status})` };
  const productId = products[0].id;
  const added = await fetch(`${baseUrl}/api/cart/addToCart?productId=${productId}&cartId=0`, {
    method: 'POST',
    headers: { ...headers, cookie, 'x-xsrf-token': decodeURIComponent(cookie.replace(/^XSRF-TOKEN=/, '')) },
  });
  const body = await added.json();
  if (added.status !== 200) return { skip: `addToCart answered ${added.status}: ${body?.error_description}` };
  return { value: body.id, productId };
}

/**
 * The store's answer to one request, as node:http received it (status, raw headers, body), handed
 * to the reference server to replay.
 */
async function recordAnswer(url, headers, recordUrl, method = 'GET') {
  const answer = await new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          rawHeaders: res.rawHeaders,
          body: Buffer.concat(chunks).toString('base64'),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
  if (answer.status !== 200) throw new Error(`${method} ${url} answered ${answer.status}`);
  const stored = await fetch(recordUrl, { method: 'PUT', body: JSON.stringify(answer) });
  if (stored.status !== 204) throw new Error(`recording ${recordUrl} answered ${stored.status}`);
}

/**
 * 50 members with a paid first box and a cart each, made through the API (each from its own
 * forwarded address, as 50 people would sign up); autocannon's requests go round them.
 */
async function benchCartMembers(baseUrl, databaseUrl) {
  const made = [];
  for (let start = 0; start < CART_MEMBERS; start += 5) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(5, CART_MEMBERS - start) }, async (_, j) => {
        const n = start + j;
        const forwarded = { 'x-forwarded-for': `10.77.${Math.floor(n / 200)}.${(n % 200) + 1}` };
        const member = await benchUserToken(baseUrl, databaseUrl, id, `-cart${n}`, forwarded);
        if (member.skip) return member;
        const paid = await benchUserMembership(baseUrl, member.value, forwarded);
        if (paid.skip) return paid;
        // The XSRF cookie of the member's own session: a token is bound to the session it travels with.
        const own = await xsrfCookie(baseUrl, member.value);
        const cart = await benchCart(baseUrl, member.value, own);
        return cart.skip
          ? cart
          : { token: member.value, cookie: own, cartId: cart.value, productId: cart.productId };
      }),
    );
    const failed = batch.find((m) => m.skip);
    if (failed) return { skip: `a cart member: ${failed.skip}` };
    made.push(...batch);
  }
  const headers = (i) => ({
    cookie: made[i].cookie,
    'x-xsrf-token': decodeURIComponent(made[i].cookie.replace(/^XSRF-TOKEN=/, '')),
    authorization: `Bearer ${made[i].token}`,
  });
  const query = (i) => `productId=${made[i].productId}&cartId=${made[i].cartId}`;
  let next = 0;
  return {
    cartIds: made.map((m) => m.cartId),
    headers,
    query,
    requests: [
      {
        setupRequest: (req) => {
          const i = next++ % made.length;
          return { ...req, path: `/api/cart/addToCart?${query(i)}`, headers: headers(i) };
        },
      },
    ],
  };
}

/** Puts the bench carts' quantities back to 1 every 20 ms while they are measured; answers the stop. */
async function resetCartQuantities(databaseUrl, cartIds) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let running = true;
  const loop = (async () => {
    while (running) {
      await client.query('UPDATE cart_items SET quantity = 1 WHERE cart_id = ANY($1::uuid[])', [
        [cartIds].flat(),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return async () => {
    running = false;
    await loop;
    await client.end();
  };
}

/** Hashed assets: pre-compressed answers with the right Vary and an immutable cache. */
async function checkAssets(baseUrl, distDir) {
  const script = readdirSync(path.join(distDir, 'assets')).find((f) => /^index-.*\.js$/.test(f));
  if (!script) return [{ encoding: 'none', ok: false, problem: 'no index-*.js in the build' }];
  const checks = [];
  for (const encoding of ['br', 'gzip']) {
    const response = await fetch(`${baseUrl}/assets/${script}`, { headers: { 'accept-encoding': encoding } });
    await response.arrayBuffer();
    const problems = [];
    if (response.status !== 200) problems.push(`status ${response.status}`);
    if (response.headers.get('content-encoding') !== encoding) problems.push('not pre-compressed');
    if (!/accept-encoding/i.test(response.headers.get('vary') ?? ''))
      problems.push('no Vary: Accept-Encoding');
    if (!/immutable/.test(response.headers.get('cache-control') ?? '')) problems.push('not immutable');
    if (response.headers.get('set-cookie')) problems.push('sets a cookie');
    checks.push({ encoding, ok: problems.length === 0, problem: problems.join(', ') || undefined });
  }
  return checks;
}

/**
 * Whether logins slow the others down (docs/performance.md#logins-beside-other-requests):
 * AuthInfo under load alone, then the same load while 20 logins a second (each an argon2 check)
 * arrive from 10 loopback addresses (127.0.0.2-11), in one run; then both again with AuthInfo at a
 * steady 1,000 requests a second instead of as fast as the cores allow. The target is AuthInfo's
 * p99 with the logins at most 1.5 times its p99 without them.
 */
async function benchLoginsBeside(baseUrl, databaseUrl, authInfoHeaders, skip) {
  if (skip) return { skip };
  process.stdout.write(`   logins beside AuthInfo: making ${LOGIN_ACCOUNTS} accounts ... `);
  const accounts = [];
  for (let i = 0; i < LOGIN_ACCOUNTS; i++) {
    // Each sign-up from an address of its own, as people would (the store trusts the forwarded one).
    const made = await benchUserToken(baseUrl, databaseUrl, id, `-login-${i}`, {
      'x-forwarded-for': `10.77.0.${i + 1}`,
    });
    if (made.skip) return { skip: `account ${i}: ${made.skip}` };
    accounts.push({ emailAddress: `bench-${id}-login-${i}@example.com`, password: `bench-${id}-Password!` });
  }
  const authInfo = (duration) =>
    autocannon({
      url: `${baseUrl}/api/Account/AuthInfo`,
      connections: 10,
      duration,
      headers: authInfoHeaders,
      timeout: 10,
    });
  await authInfo(2);
  const alone = summarize(await authInfo(LOGIN_SECONDS));
  const stream = startLogins(baseUrl, accounts);
  const beside = summarize(await authInfo(LOGIN_SECONDS));
  const logins = await stream.stop();
  // The same at a steady rate the machine can serve, as a store's traffic is: what a login costs
  // the others in waiting, not in a share of cores already full.
  const steadily = (duration) =>
    autocannon({
      url: `${baseUrl}/api/Account/AuthInfo`,
      connections: 10,
      overallRate: STEADY_AUTHINFO_RATE,
      duration,
      headers: authInfoHeaders,
      timeout: 10,
    });
  const steadyAlone = summarize(await steadily(LOGIN_SECONDS));
  const steadyStream = startLogins(baseUrl, accounts, accounts.length / 2);
  const steadyBeside = summarize(await steadily(LOGIN_SECONDS));
  const steadyLogins = await steadyStream.stop();
  const steadyFactor = ratio(steadyBeside.p99, Math.max(1, steadyAlone.p99));
  const factor = ratio(beside.p99, Math.max(1, alone.p99));
  console.log('done');
  return {
    alone,
    beside,
    logins,
    factor,
    verdict:
      logins.failed === 0
        ? verdict(factor, TARGETS.loginsP99Factor, 'max')
        : `MISSED (${logins.failed} logins did not answer 200)`,
    steady: {
      rate: STEADY_AUTHINFO_RATE,
      alone: steadyAlone,
      beside: steadyBeside,
      logins: steadyLogins,
      factor: steadyFactor,
      verdict:
        steadyLogins.failed === 0
          ? verdict(steadyFactor, TARGETS.loginsP99Factor, 'max')
          : `MISSED (${steadyLogins.failed} logins did not answer 200)`,
    },
  };
}

/** Sends LOGINS_PER_SECOND logins a second, round-robin over the accounts and loopback addresses. */
function startLogins(baseUrl, accounts, firstAccount = 0) {
  const { hostname, port } = new URL(baseUrl);
  const latencies = [];
  const statuses = {};
  const pending = new Set();
  let sent = 0;
  const loginOnce = () => {
    const n = sent++;
    // Each half of the run logs in its own half of the accounts (each account's login limit).
    const half = accounts.length / 2;
    const body = JSON.stringify(accounts[firstAccount + (n % half)]);
    const started = performance.now();
    const done = new Promise((resolve) => {
      const request = http.request(
        {
          host: hostname,
          port,
          method: 'POST',
          path: '/api/User/Login',
          localAddress: `127.0.0.${2 + (n % LOGIN_ADDRESSES)}`,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - started);
            statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        statuses.error = (statuses.error ?? 0) + 1;
        resolve();
      });
      request.end(body);
    });
    pending.add(done);
    done.then(() => pending.delete(done));
  };
  const timer = setInterval(loginOnce, 1000 / LOGINS_PER_SECOND);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      latencies.sort((a, b) => a - b);
      const at = (q) =>
        Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
      const ok = statuses[200] ?? 0;
      return { sent, done: ok, failed: sent - ok, statuses, p50: at(0.5), p99: at(0.99) };
    },
  };
}

function loginsText(r) {
  if (r.skip) return `Logins beside AuthInfo: skipped, ${r.skip}`;
  return [
    `Logins beside AuthInfo (${LOGINS_PER_SECOND}/s from ${LOGIN_ADDRESSES} loopback addresses, ${LOGIN_SECONDS} s):`,
    `   AuthInfo alone:        ${r.alone.rps} req/s, p99 ${r.alone.p99} ms`,
    `   AuthInfo with logins:  ${r.beside.rps} req/s, p99 ${r.beside.p99} ms (${r.factor?.toFixed(2)}x; target <= ${TARGETS.loginsP99Factor}x: ${r.verdict})`,
    `   logins: ${r.logins.done} of ${r.logins.sent} answered 200 (${JSON.stringify(r.logins.statuses)}), p50 ${r.logins.p50} ms, p99 ${r.logins.p99} ms`,
    `   AuthInfo at a steady ${r.steady.rate} req/s alone:        p99 ${r.steady.alone.p99} ms (${r.steady.alone.rps} req/s)`,
    `   AuthInfo at a steady ${r.steady.rate} req/s with logins:  p99 ${r.steady.beside.p99} ms (${r.steady.factor?.toFixed(2)}x; target <= ${TARGETS.loginsP99Factor}x: ${r.steady.verdict})`,
    `   logins: ${r.steady.logins.done} of ${r.steady.logins.sent} answered 200, p50 ${r.steady.logins.p50} ms, p99 ${r.steady.logins.p99} ms`,
  ].join('\n');
}

/** The machine's load average (1, 5 and 15 minutes) as `uptime` prints it. */
function loadAverage() {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
}
