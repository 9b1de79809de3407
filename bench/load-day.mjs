// `npm run bench:day`: a mixed day at the store, played against PostgreSQL.
//
//   node bench/load-day.mjs [--members 1000] [--seconds 60] [--users 50] [--no-build]
//
// 1,000 members with a paid first box (one made through the API, copied with bulk SQL, each
// signing in from its own forwarded address) and new visitors taking the quiz are played by
// `users` concurrent sessions for `seconds`. A member's visit: log in (once, then the token is
// kept), AuthInfo, the order history of Membership, the shop, a product page and its reviews, add
// a tub to the cart, the cart checkout's quote, and on one visit in four the cart checkout paid
// with the sandbox card. One visit in eight is a new visitor: the quiz's steps saved, the account
// made at its last step, then its results. Prints
// p50 and p99 per call and the errors (anything but a 2xx), which must be 0.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchUserMembership, benchUserToken, copyMembership } from './lib/members.mjs';
import { formatTable } from './lib/report.mjs';
import { createDatabase, randomId, startNode } from './lib/servers.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '60' },
    users: { type: 'string', default: '50' },
    'no-build': { type: 'boolean', default: false },
  },
});
const MEMBERS = Number(args.members);
const SECONDS = Number(args.seconds);
const USERS = Number(args.users);
const PORT = 8306;
const BASE = `http://127.0.0.1:${PORT}`;
const DAY = 86_400_000;
const id = randomId();
const workDir = `/tmp/bench-day-${id}`;
const SHIPPING = {
  firstName: 'Bench',
  lastName: 'Member',
  shippingAddress: { street1: '1 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' },
};

mkdirSync(workDir, { recursive: true });
let failed = false;
const cleanups = [];
try {
  await main();
} catch (error) {
  failed = true;
  console.error(`\nBenchmark failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  for (const step of cleanups.reverse()) await step().catch((e) => console.error(`cleanup: ${e.message}`));
  if (!failed) rmSync(workDir, { recursive: true, force: true });
  else console.error(`Logs kept in ${workDir}`);
}

async function main() {
  const server = path.join(root, 'apps/api/dist/server.js');
  if (!args['no-build'] || !existsSync(server) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    console.log('== Building the store (npm run build)');
    execSync('npm run build', {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const database = await createDatabase(`bench_day_${id}`);
  cleanups.push(() => database.drop());
  const store = await startNode('store', server, {
    cwd: root,
    logDir: workDir,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      DATA_DIR: `${workDir}/data`,
      TRUST_PROXY: 'true',
    },
    readyUrl: `${BASE}/api/health`,
  });
  cleanups.push(() => store.stop());

  console.log(`== ${MEMBERS} members`);
  const token = await benchUserToken(BASE, database.url, id);
  if (token.skip) throw new Error(`the first member: ${token.skip}`);
  const paid = await benchUserMembership(BASE, token.value);
  if (paid.skip) throw new Error(`the first member: ${paid.skip}`);
  await copyMembership(database.url, paid.value, MEMBERS, new Date(Date.now() + DAY), id);
  await fillShelves(database.url);
  const members = Array.from({ length: MEMBERS - 1 }, (_, i) => ({
    n: i + 1,
    email: `scale-${i + 1}-${id}@example.com`,
    password: `bench-${id}-Password!`,
    forwarded: `10.${80 + Math.floor((i + 1) / 62500)}.${Math.floor(((i + 1) % 62500) / 250)}.${((i + 1) % 250) + 1}`,
    token: undefined,
    visits: 0,
  }));
  const xsrf = await xsrfCookie();

  console.log(`== ${SECONDS} s of ${USERS} concurrent visits`);
  const stats = new Map();
  const errors = [];
  const deadline = Date.now() + SECONDS * 1000;
  let nextMember = 0;
  let visitors = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: USERS }, async (_, user) => {
      for (let visit = 0; Date.now() < deadline; visit++) {
        try {
          if ((visit + user) % 8 === 0) await visitorVisit(visitors++);
          else await memberVisit(members[nextMember++ % members.length]);
        } catch (error) {
          errors.push(error.message);
        }
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;

  /** One call, timed and counted; throws (ending the visit) on anything but a 2xx. */
  async function call(name, pathname, { method = 'GET', token, body, headers = {}, forwarded } = {}) {
    const t = performance.now();
    let status = 0;
    let text = '';
    let response;
    try {
      response = await fetch(`${BASE}/api/${pathname}`, {
        method,
        headers: {
          ...(forwarded ? { 'x-forwarded-for': forwarded } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(method !== 'GET' ? { cookie: xsrf.cookie, 'x-xsrf-token': xsrf.value } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          // Last: a visitor's own cookies (which carry the XSRF cookie too).
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      status = response.status;
      text = await response.text();
    } finally {
      const ms = performance.now() - t;
      const s = stats.get(name) ?? { times: [], errors: 0 };
      s.times.push(ms);
      if (status < 200 || status >= 300) s.errors++;
      stats.set(name, s);
    }
    if (status < 200 || status >= 300) throw new Error(`${name} answered ${status}: ${text.slice(0, 200)}`);
    return { body: text ? JSON.parse(text) : undefined, headers: response.headers };
  }

  async function memberVisit(m) {
    const as = { forwarded: m.forwarded };
    if (!m.token) {
      const login = await call('User/Login', 'User/Login', {
        method: 'POST',
        body: { emailAddress: m.email, password: m.password },
        ...as,
      });
      m.token = login.body.token;
    }
    const auth = { ...as, token: m.token };
    m.visits++;
    await call('Account/AuthInfo', 'Account/AuthInfo', auth);
    await call('order/GetMyOrders', 'order/GetMyOrders', auth);
    const shop = await call('product/GetShopProducts', 'product/GetShopProducts', auth);
    const unlocked = shop.body.subscribedToProducts ?? [];
    const product = unlocked[m.visits % unlocked.length];
    if (!product) throw new Error('the member has no unlocked product');
    await call('product/GetItem', `product/GetItem?id=${product.id}`, auth);
    await call(
      'productReview/GetProductReviews',
      `productReview/GetProductReviews?productId=${product.id}`,
      auth,
    );
    const cart = await call('cart/addToCart', `cart/addToCart?productId=${product.id}&cartId=0`, {
      ...auth,
      method: 'POST',
    });
    await call('cart/CheckoutQuote', `cart/CheckoutQuote?cartId=${cart.body.id}&state=TX`, auth);
    if ((m.n + m.visits) % 4 === 0) {
      await call(
        'Payment/CreateCheckoutPayment',
        `Payment/CreateCheckoutPayment?cartId=${cart.body.id}&paymentMethodId=pm_card_visa`,
        {
          ...auth,
          method: 'POST',
          body: SHIPPING,
          headers: { 'idempotency-key': `day-${id}-${m.n}-${m.visits}` },
        },
      );
    }
  }

  async function visitorVisit(v) {
    const forwarded = `10.200.${Math.floor(v / 250) % 250}.${(v % 250) + 1}`;
    const answers = { exerciseTypes: [v % 3], flavors: [0, 1, 2, 3], usedProteinBefore: v % 2 === 0 };
    const quiz = await call('theQuiz/TakeQuiz', 'theQuiz/TakeQuiz', {
      method: 'POST',
      forwarded,
      body: answers,
    });
    // The anonymous quiz belongs to the cookie the server set with it.
    const cookie = (quiz.headers.getSetCookie?.() ?? [])
      .map((c) => c.split(';')[0])
      .concat(xsrf.cookie)
      .join('; ');
    const headers = { cookie };
    // A later step saved, then step 12 makes the account that owns the quiz.
    await call('theQuiz/TakeQuiz', 'theQuiz/TakeQuiz', {
      method: 'POST',
      forwarded,
      headers,
      body: { ...answers, id: quiz.body.id },
    });
    const password = `bench-${id}-Password!`;
    const registered = await call('theQuiz/TakeQuiz?registration', 'theQuiz/TakeQuiz?registration=true', {
      method: 'POST',
      forwarded,
      headers,
      body: {
        ...answers,
        id: quiz.body.id,
        profileInfo: { emailAddress: `visitor-${v}-${id}@example.com`, age: 30, phoneNumber: '' },
        password,
        confirmPassword: password,
      },
    });
    await call('product/GetProductQuizResults', 'product/GetProductQuizResults', {
      method: 'POST',
      forwarded,
      headers,
      token: registered.body.authenticationResult.token,
      body: { id: quiz.body.id },
    });
  }

  const rows = [...stats].map(([name, s]) => {
    const sorted = s.times.sort((a, b) => a - b);
    const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
    return [name, sorted.length, `${q(0.5).toFixed(1)} ms`, `${q(0.99).toFixed(1)} ms`, s.errors];
  });
  const total = [...stats.values()].reduce((a, s) => a + s.times.length, 0);
  const errorCount =
    [...stats.values()].reduce((a, s) => a + s.errors, 0) + errors.filter((e) => !/answered/.test(e)).length;
  const visited = members.filter((m) => m.visits > 0).length + (members.length < MEMBERS ? 1 : 0);
  console.log(
    `\n== A mixed day: ${MEMBERS} members (${visited} visited), ${visitors} new visitors, ${USERS} at once, ${elapsed.toFixed(0)} s, PostgreSQL`,
  );
  console.log(formatTable(['call', 'requests', 'p50', 'p99', 'errors'], rows));
  console.log(`\n${total} requests, ${(total / elapsed).toFixed(0)} req/s, ${errorCount} errors (target 0)`);
  for (const message of [...new Set(errors)].slice(0, 10)) console.log(`  error: ${message}`);
  if (errorCount > 0) {
    failed = true;
    process.exitCode = 1;
  }
}

/** Plenty of tubs on every shelf: an empty shelf is a correct 409, not what this measures. */
async function fillShelves(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('UPDATE products SET tub_stock = 1000000');
  } finally {
    await client.end();
  }
}

/** The XSRF cookie a browser holds after its first page, and the header value that echoes it. */
async function xsrfCookie() {
  const response = await fetch(`${BASE}/`);
  await response.arrayBuffer();
  const match = (response.headers.get('set-cookie') ?? '').match(/XSRF-TOKEN=([^;]+)/);
  if (!match) throw new Error('the store set no XSRF cookie');
  return { cookie: `XSRF-TOKEN=${match[1]}`, value: decodeURIComponent(match[1]) };
}
