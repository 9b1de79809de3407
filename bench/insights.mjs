// `npm run bench:insights`: the operator's insights over a store with a year of history.
//
//   node bench/insights.mjs [--size 100000] [--no-build] [--rounds 5]
//
// A fresh PostgreSQL database; the store starts on it (migrations, catalog, operator), then bulk
// SQL (generate_series) writes `size` memberships that joined over the last 365 days on 30, 45
// or 60-day schedules, with their quizzes (and 30% more quizzes left part-way), first boxes,
// every renewal box since, 4 samples in each, next-box extras, shop orders, cancellations with
// their reasons and offers, reviews and refunds. Nothing falls due while it runs: every next
// billing date is more than 4 days ahead. Then GET /api/admin/insights for the last 90 days is
// timed as the operator (one warm-up, then `rounds` calls); the target is under 1 s.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { formatTable } from './lib/report.mjs';
import { createDatabase, randomId, startNode } from './lib/servers.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '5' },
    'no-build': { type: 'boolean', default: false },
    /** Leaves the database in place (its name is printed) to study the queries. */
    keep: { type: 'boolean', default: false },
    /** Measures again on a database a `--keep` run left (its URL), without writing anything. */
    reuse: { type: 'string' },
  },
});
const size = Number(args.size);
const rounds = Number(args.rounds);
const TARGET_MS = 1000;
const PERIOD_DAYS = 90;
const PORT = 8306;
const OPERATOR = { emailAddress: 'admin@example.com', password: 'sample-first-operator' };
const id = randomId();
const workDir = `/tmp/bench-insights-${id}`;

mkdirSync(workDir, { recursive: true });
let failed = false;
let database;
let store;
try {
  const server = path.join(root, 'apps/api/dist/server.js');
  if (!args['no-build'] || !existsSync(server)) {
    console.log('== Building the store (npm run build)');
    execSync('npm run build', {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  database = args.reuse
    ? { url: args.reuse, drop: async () => {} }
    : await createDatabase(`bench_insights_${id}`);
  const base = `http://127.0.0.1:${PORT}`;
  store = await startNode('store-insights', server, {
    cwd: root,
    logDir: workDir,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      DATA_DIR: `${workDir}/data`,
      SEED_DEMO_MEMBERS: 'false',
    },
    readyUrl: `${base}/api/health`,
  });

  console.log(`== Writing ${size.toLocaleString('en-US')} memberships with a year of history`);
  const started = Date.now();
  const counts = args.reuse ? await countRows(database.url) : await seed(database.url, size);
  const seedMs = Date.now() - started;
  console.log(`written in ${(seedMs / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);

  const login = await fetch(`${base}/api/User/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OPERATOR),
  });
  if (login.status !== 200) throw new Error(`operator login answered ${login.status}`);
  const { token } = await login.json();
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - (PERIOD_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const url = `${base}/api/admin/insights?from=${from}&to=${to}`;
  const call = async () => {
    const t0 = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.json();
    const ms = performance.now() - t0;
    if (response.status !== 200)
      throw new Error(`insights answered ${response.status}: ${JSON.stringify(body)}`);
    return { ms, body };
  };
  const warm = await call();
  const times = [];
  for (let i = 0; i < rounds; i++) times.push((await call()).ms);
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const b = warm.body;
  console.log('\n== GET /api/admin/insights, 90 days (PostgreSQL)');
  console.log(
    formatTable(
      ['memberships', 'orders', 'order items', 'quizzes', 'first call', 'best', 'median', 'load average'],
      [
        [
          size.toLocaleString('en-US'),
          counts.orders.toLocaleString('en-US'),
          counts.items.toLocaleString('en-US'),
          counts.quizzes.toLocaleString('en-US'),
          `${Math.round(warm.ms)} ms`,
          `${Math.round(times[0])} ms`,
          `${Math.round(median)} ms`,
          load,
        ],
      ],
    ),
  );
  console.log(
    `\nfigures: MRR ${b.mrrCents} cents, ${b.activeMembers} active, ${b.newMembers} new, churn ${b.churnRate}, ` +
      `revenue ${b.revenueCents.totalCents} cents, ${b.cohorts.length} cohorts, ${b.quizFunnel.steps[0].reached} quizzes started, ` +
      `${b.sampleToTub.length} products sampled, ${b.sampleDemand.length} in demand`,
  );
  const met = median < TARGET_MS;
  console.log(`\nmedian ${Math.round(median)} ms (target < ${TARGET_MS} ms): ${met ? 'met' : 'NOT met'}`);
  if (b.activeMembers === 0 || b.cohorts.length === 0) {
    failed = true;
    console.error('Wrong result: the insights found no members');
    process.exitCode = 1;
  }
} catch (error) {
  failed = true;
  console.error(`\nBenchmark failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await store?.stop();
  if (args.keep && database) console.log(`database kept: ${database.url}`);
  else await database?.drop();
  if (!failed) rmSync(workDir, { recursive: true, force: true });
  else console.error(`Logs kept in ${workDir}`);
}

async function countRows(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const count = async (table) =>
      Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    return {
      orders: await count('orders'),
      items: await count('order_items'),
      quizzes: await count('quizzes'),
      subscriptions: await count('subscriptions'),
    };
  } finally {
    await client.end();
  }
}

/** A year of store history in bulk SQL; answers how many rows of each kind were written. */
async function seed(databaseUrl, size) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const q = (text, values = []) => client.query(text, values);
  try {
    const { rows } = await q(`SELECT array_agg(id ORDER BY id) AS ids FROM products WHERE is_active`);
    const products = rows[0].ids;
    if (!products?.length) throw new Error('the demo catalog is missing');
    await q('BEGIN');
    // Bulk rows without the row triggers; product_samplers is filled at the end as the migration
    // fills it for boxes paid before it.
    await q(`SET LOCAL session_replication_role = replica`);
    // One row per member: who, when they joined, their schedule, and what became of them.
    await q(
      `CREATE TEMP TABLE bm AS
       SELECT n, gen_random_uuid() AS identity_id, gen_random_uuid() AS quiz_id,
         gen_random_uuid() AS first_order_id, gen_random_uuid() AS sub_id,
         now() - make_interval(secs => 3600 + (n * 7919 % 365) * 86400 + (n % 86400)) AS joined,
         (ARRAY[30, 45, 60])[1 + n % 3] AS days, (n * 7907 % 1000) / 1000.0 AS r
       FROM generate_series(1, $1::int) AS n`,
      [size],
    );
    // 15% canceled some time after joining, 5% past due, 5% of the rest paused.
    await q(
      `ALTER TABLE bm ADD COLUMN canceled_at timestamptz, ADD COLUMN status text, ADD COLUMN paused boolean,
         ADD COLUMN renewals int, ADD COLUMN reason smallint`,
    );
    await q(`UPDATE bm SET
         canceled_at = CASE WHEN r < 0.15 THEN joined + (now() - joined) * (0.2 + r * 4) END,
         status = CASE WHEN r < 0.15 THEN 'canceled' WHEN r < 0.20 THEN 'past_due' ELSE 'active' END,
         paused = (r >= 0.20 AND n % 20 = 0),
         reason = CASE WHEN r < 0.15 THEN (n % 4)::smallint END`);
    await q(`UPDATE bm SET renewals = GREATEST(0, ceil(extract(epoch FROM (COALESCE(canceled_at, now()) - joined))
         / 86400.0 / days)::int - 1)`);

    await q(`INSERT INTO identities (id, email, referral_code, created_at)
       SELECT identity_id, 'bench-' || n || '@example.com', 'BENCH' || n, joined FROM bm`);
    await q(`INSERT INTO quizzes (id, identity_id, exercise_types, exercise_frequency, fitness_goals,
         dietary_preferences, flavors, used_protein_before, furthest_step, order_id, matches, created_at, updated_at)
       SELECT quiz_id, identity_id, ARRAY[n % 10], n % 4, ARRAY[n % 7, (n + 3) % 7], ARRAY[n % 6], '{0,1,2,3}', true, 12,
         first_order_id, '[]'::jsonb, joined - interval '20 minutes', joined FROM bm`);
    // Quizzes left part-way: 30% more, started over the same year.
    await q(
      `INSERT INTO quizzes (id, exercise_types, furthest_step, created_at, updated_at)
       SELECT gen_random_uuid(), ARRAY[n % 10], 1 + n % 11,
         now() - make_interval(secs => (n * 6151 % 365) * 86400 + n % 86400),
         now() - make_interval(secs => (n * 6151 % 365) * 86400 + n % 86400)
       FROM generate_series(1, $1::int) AS n`,
      [Math.round(size * 0.3)],
    );

    // Every paid box: the first at joining, then one per schedule until now or the cancellation.
    await q(`CREATE TEMP TABLE bo AS
       SELECT m.n, 0 AS k, m.first_order_id AS order_id, m.identity_id, m.quiz_id, 'first_box' AS kind, m.joined AS paid_at, m.days
       FROM bm m
       UNION ALL
       SELECT m.n, k, gen_random_uuid(), m.identity_id, m.quiz_id, 'cycle_box', m.joined + make_interval(days => k * m.days), m.days
       FROM bm m CROSS JOIN LATERAL generate_series(1, m.renewals) AS k`);
    await q(`INSERT INTO orders (id, identity_id, quiz_id, kind, status, price_cents, handling_fee_cents, tax_cents,
         total_cents, paid_at, delivery_schedule, created_at, updated_at)
       SELECT order_id, identity_id, quiz_id, kind, 'delivered', 1400, 299, 106,
         CASE WHEN kind = 'cycle_box' AND (n + k) % 10 = 0 THEN 1805 + 2999 ELSE 1805 END,
         paid_at, (days - 30) / 15, paid_at, paid_at FROM bo`);
    // 4 samples per box (2 prime picks first), and a next-box extra in every tenth renewal.
    await q(
      `INSERT INTO order_items (id, order_id, product_id, is_prime_pick, price_cents, created_at)
       SELECT gen_random_uuid(), bo.order_id, ($1::int[])[1 + (bo.n * 7 + bo.k * 13 + j * 5) % cardinality($1::int[])],
         j < 2, 0, bo.paid_at
       FROM bo CROSS JOIN generate_series(0, 3) AS j`,
      [products],
    );
    await q(
      `INSERT INTO order_items (id, order_id, product_id, price_cents, quantity, list_price_cents, created_at)
       SELECT gen_random_uuid(), bo.order_id, ($1::int[])[1 + (bo.n * 7) % cardinality($1::int[])], 2999, 1, 3999, bo.paid_at
       FROM bo WHERE bo.kind = 'cycle_box' AND (bo.n + bo.k) % 10 = 0`,
      [products],
    );
    // A tenth of the members buy a tub in the shop 20 days after joining: the first box's first sample.
    await q(
      `CREATE TEMP TABLE bc AS SELECT n, gen_random_uuid() AS order_id, identity_id, joined + interval '20 days' AS paid_at
       FROM bm WHERE n % 10 = 0 AND joined + interval '20 days' < now()`,
    );
    await q(`INSERT INTO orders (id, identity_id, kind, status, price_cents, tax_cents, total_cents, paid_at, created_at, updated_at)
       SELECT order_id, identity_id, 'cart', 'delivered', 2999, 217, 3216, paid_at, paid_at, paid_at FROM bc`);
    await q(
      `INSERT INTO order_items (id, order_id, product_id, price_cents, quantity, list_price_cents, created_at)
       SELECT gen_random_uuid(), order_id, ($1::int[])[1 + (n * 7) % cardinality($1::int[])], 2999, 1, 3999, paid_at FROM bc`,
      [products],
    );

    await q(`INSERT INTO subscriptions (id, identity_id, status, schedule_index, schedule_days, price_cents,
         handling_fee_cents, first_order_id, current_order_id, current_cycle_index, cycle_started_at, next_billing_at,
         canceled_at, cancel_reason, paused, created_at, updated_at)
       SELECT sub_id, identity_id, status, (days - 30) / 15, days, 1400, 299, first_order_id, first_order_id, renewals,
         joined + make_interval(days => renewals * days),
         joined + make_interval(days => (renewals + CASE WHEN joined + make_interval(days => (renewals + 1) * days)
           < now() + interval '4 days' THEN 2 ELSE 1 END) * days),
         canceled_at, reason, paused, joined, joined FROM bm`);
    // The latest renewal of members whose box is still being built (billed in the last 2 days).
    await q(`INSERT INTO billing_cycles (id, subscription_id, cycle_index, status, order_id, starts_at, build_deadline_at, billed_at, created_at)
       SELECT gen_random_uuid(), m.sub_id, bo.k, 'billed', bo.order_id, bo.paid_at, bo.paid_at + interval '3 days', bo.paid_at, bo.paid_at
       FROM bo JOIN bm m ON m.n = bo.n
       WHERE bo.k = m.renewals AND bo.k > 0 AND m.status <> 'canceled' AND bo.paid_at > now() - interval '2 days'`);
    await q(`INSERT INTO subscription_events (id, subscription_id, actor, kind, detail, created_at)
       SELECT gen_random_uuid(), sub_id, 'member', 'canceled', jsonb_build_object('reason', reason), canceled_at
       FROM bm WHERE status = 'canceled'`);
    // Offers: shown to every leaver, and to as many again who took them and stayed.
    await q(`INSERT INTO cancel_offers (id, subscription_id, reason, kind, offered_at, accepted_at)
       SELECT gen_random_uuid(), sub_id, reason,
         (ARRAY['new_brands', 'half_price_box', 'replacement_box', 'pause_two_boxes'])[reason + 1],
         canceled_at - interval '1 minute', NULL FROM bm WHERE status = 'canceled'
       UNION ALL
       SELECT gen_random_uuid(), sub_id, (n % 4)::smallint,
         (ARRAY['new_brands', 'half_price_box', 'replacement_box', 'pause_two_boxes'])[n % 4 + 1],
         joined + (now() - joined) / 2, joined + (now() - joined) / 2 + interval '1 minute'
       FROM bm WHERE status = 'active' AND n % 13 = 0`);
    await q(
      `INSERT INTO product_reviews (id, identity_id, product_id, rating, description, agreement_confirmation, created_at, updated_at)
       SELECT gen_random_uuid(), identity_id, ($1::int[])[1 + (n * 7) % cardinality($1::int[])], 2 + n % 4,
         'Mixes well and tastes like it says on the tub.', true, joined + interval '12 days', joined + interval '12 days'
       FROM bm WHERE n % 5 = 0 AND joined + interval '12 days' < now()`,
      [products],
    );
    await q(`INSERT INTO refunds (id, order_id, identity_id, seq, request_id, idempotency_key, provider,
         provider_payment_intent_id, amount_cents, status, order_status_before, actor_identity_id, created_at, updated_at)
       SELECT gen_random_uuid(), first_order_id, identity_id, 1, gen_random_uuid(), 'refund:' || first_order_id || ':1',
         'sandbox', 'pi_bench_' || n, 500, 'succeeded', 'delivered', identity_id,
         joined + interval '5 days', joined + interval '5 days'
       FROM bm WHERE n % 200 = 0 AND joined + interval '5 days' < now()`);
    await q(`INSERT INTO product_samplers (product_id, identity_id, first_paid_at)
       SELECT i.product_id, o.identity_id, min(o.paid_at) FROM order_items i JOIN orders o ON o.id = i.order_id
       WHERE o.kind IN ('first_box', 'cycle_box') AND o.paid_at IS NOT NULL AND i.list_price_cents IS NULL
       GROUP BY i.product_id, o.identity_id ON CONFLICT DO NOTHING`);
    await q('COMMIT');
    await q('VACUUM ANALYZE');
    const count = async (table) => Number((await q(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    return {
      orders: await count('orders'),
      items: await count('order_items'),
      quizzes: await count('quizzes'),
      subscriptions: await count('subscriptions'),
    };
  } catch (error) {
    await q('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
