// `npm run bench:sweep`: how the membership sweep grows with the number of members.
//
//   node bench/sweep-scale.mjs [--sizes 10000,100000] [--no-build]
//
// For each size: a fresh PostgreSQL database, one member made through the API as a person makes
// one (sign-up, verification, quiz, first box paid with the sandbox card), then copied with bulk
// SQL into `size` active memberships whose next billing dates spread evenly over the next 30 days,
// as a store in its steady state (those billed within 3 days already had their reminder). Two
// sweeps are timed through `npm run sweep` (the operator's CLI, the same code the scheduler runs):
// one now, where nothing is due, and one a day later, a day's work: a thirtieth of the members
// renew, charged through the sandbox provider, and the next thirtieth get their reminder. A third
// sweep at that moment again must charge and mail nothing.
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchUserMembership, benchUserToken } from './lib/members.mjs';
import { formatTable } from './lib/report.mjs';
import { createDatabase, randomId, startNode } from './lib/servers.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    'no-build': { type: 'boolean', default: false },
  },
});
const sizes = args.sizes.split(',').map(Number);
/** Targets for 100,000 members (issue 14): a pass with nothing due, and with a thirtieth due. */
const TARGET = { idleSeconds: 10, dueSeconds: 60 };
const DAY = 86_400_000;
const PORT = 8305;
const id = randomId();
const workDir = `/tmp/bench-sweep-${id}`;

mkdirSync(workDir, { recursive: true });
const rows = [];
let failed = false;
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
  for (const size of sizes) rows.push(await measure(size, server));
  console.log('\n== The sweep at scale (PostgreSQL, sandbox payments)');
  console.log(
    formatTable(
      ['members', 'rows copied in', 'nothing due', 'due', 'renewed', 'due pass', 'per renewal', 'again'],
      rows.map((r) => [
        r.size.toLocaleString('en-US'),
        `${(r.seedMs / 1000).toFixed(1)} s`,
        `${(r.idle.ms / 1000).toFixed(2)} s`,
        r.dueCount.toLocaleString('en-US'),
        r.due.renewed.toLocaleString('en-US'),
        `${(r.due.ms / 1000).toFixed(1)} s`,
        `${(r.due.ms / Math.max(1, r.due.renewed)).toFixed(1)} ms`,
        `${r.again.renewed} renewed, ${(r.again.ms / 1000).toFixed(2)} s`,
      ]),
    ),
  );
  const largest = rows.find((r) => r.size >= 100_000);
  if (largest) {
    const idleOk = largest.idle.ms < TARGET.idleSeconds * 1000;
    const dueOk = largest.due.ms < TARGET.dueSeconds * 1000;
    console.log(
      `\n100,000 members: nothing due ${(largest.idle.ms / 1000).toFixed(2)} s (target < ${TARGET.idleSeconds} s) ${idleOk ? 'met' : 'NOT met'}; ` +
        `due pass ${(largest.due.ms / 1000).toFixed(1)} s (target < ${TARGET.dueSeconds} s) ${dueOk ? 'met' : 'NOT met'}`,
    );
  }
  const wrong = rows.filter(
    (r) => r.due.renewed !== r.dueCount || r.again.renewed !== 0 || r.charged !== r.dueCount,
  );
  if (wrong.length) {
    failed = true;
    console.error(
      `\nWrong result: ${wrong.map((r) => `${r.size}: ${r.dueCount} due, ${r.due.renewed} renewed, ${r.charged} charged, ${r.again.renewed} again`).join('; ')}`,
    );
    process.exitCode = 1;
  }
} catch (error) {
  failed = true;
  console.error(`\nBenchmark failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  if (!failed) rmSync(workDir, { recursive: true, force: true });
  else console.error(`Logs kept in ${workDir}`);
}

async function measure(size, server) {
  console.log(`\n== ${size.toLocaleString('en-US')} memberships`);
  const database = await createDatabase(`bench_sweep_${id}_${size}`);
  try {
    const store = await startNode(`store-${size}`, server, {
      cwd: root,
      logDir: workDir,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        DATABASE_URL: database.url,
        DATA_DIR: `${workDir}/data-${size}`,
      },
      readyUrl: `http://127.0.0.1:${PORT}/api/health`,
    });
    let templateOrder;
    try {
      const base = `http://127.0.0.1:${PORT}`;
      const token = await benchUserToken(base, database.url, `${id}-${size}`);
      if (token.skip) throw new Error(`the template member: ${token.skip}`);
      const paid = await benchUserMembership(base, token.value);
      if (paid.skip) throw new Error(`the template member: ${paid.skip}`);
      templateOrder = paid.value;
    } finally {
      // Stopped before the copies exist: its own scheduler must not sweep while we measure.
      await store.stop();
    }

    const t0 = new Date(Date.now() + DAY);
    const started = Date.now();
    await copyMembership(database.url, templateOrder, size, t0);
    const seedMs = Date.now() - started;
    console.log(`copied into ${size} memberships in ${(seedMs / 1000).toFixed(1)} s`);

    const t1 = new Date(t0.getTime() + DAY);
    const dueCount = await countDue(database.url, t1);
    const env = { DATABASE_URL: database.url, DATA_DIR: `${workDir}/data-${size}`, NODE_ENV: 'development' };
    const idle = sweepAt(t0, env);
    console.log(`nothing due: ${JSON.stringify(idle)}`);
    const due = sweepAt(t1, env);
    console.log(`a thirtieth due (${dueCount}): ${JSON.stringify(due)}`);
    const again = sweepAt(t1, env);
    console.log(`the same moment again: ${JSON.stringify(again)}`);
    const charged = await countCharged(database.url);
    return { size, seedMs, dueCount, idle, due, again, charged };
  } finally {
    await database.drop();
  }
}

/** One sweep through the operator's CLI; its JSON report carries the sweep's own milliseconds. */
function sweepAt(at, env) {
  // SWEEP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the sweeps.
  const nodeArgs = (process.env.SWEEP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const script = path.join(root, 'scripts/sweep.mjs');
  const out = execFileSync(process.execPath, [...nodeArgs, script, '--at', at.toISOString()], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = out.trim().split('\n').at(-1);
  return JSON.parse(line);
}

/**
 * `size` memberships copied from the template member's rows (identity, quiz, first-box order and
 * its items, provider customer and card, subscription, cycle 0 delivered and reviewed), 10,000 per
 * transaction. Next billing dates spread evenly over (t0, t0 + 30 days]; the reminders of those
 * billed within 3 days of t0 are recorded as sent, so nothing is due at t0.
 */
async function copyMembership(databaseUrl, templateOrderId, size, t0) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT s.id AS sub_id, s.identity_id, s.first_order_id, o.quiz_id, pm.id AS pm_id,
              pm.provider_payment_method_id AS pm_provider_id, c.provider_customer_id AS cus_provider_id
       FROM subscriptions s JOIN orders o ON o.id = s.first_order_id
       JOIN payment_methods pm ON pm.id = s.default_payment_method_id
       JOIN customers c ON c.identity_id = s.identity_id
       WHERE s.first_order_id = $1`,
      [templateOrderId],
    );
    const t = rows[0];
    if (!t) throw new Error('the template membership is missing');
    const start = t0.getTime() + 1;
    // The template itself becomes member 0 of the spread.
    await client.query(
      `UPDATE subscriptions SET next_billing_at = $2, cycle_started_at = $2::timestamptz - interval '30 days' WHERE id = $1`,
      [t.sub_id, new Date(start)],
    );
    await client.query(
      `UPDATE billing_cycles SET shipped_at = starts_at, delivered_at = starts_at, samples_auto_chosen_at = starts_at,
         review_window_closed_at = starts_at WHERE subscription_id = $1`,
      [t.sub_id],
    );
    const BATCH = 10_000;
    for (let from = 1; from < size; from += BATCH) {
      const to = Math.min(size, from + BATCH) - 1;
      await client.query('BEGIN');
      await client.query(
        `CREATE TEMP TABLE copies ON COMMIT DROP AS
         SELECT n, gen_random_uuid() AS identity_id, gen_random_uuid() AS order_id, gen_random_uuid() AS sub_id,
                gen_random_uuid() AS cycle_id, gen_random_uuid() AS pm_id, gen_random_uuid() AS quiz_id,
                'pm_scale_' || n AS pm_provider_id, 'cus_scale_' || n AS cus_provider_id,
                to_timestamp(($3::bigint + (n * 30 * ${DAY}::bigint) / $4::bigint) / 1000.0) AS next_billing_at
         FROM generate_series($1::int, $2::int) AS n`,
        [from, to, start, size],
      );
      const copy = (table, fields, from, where) =>
        client.query(
          `INSERT INTO ${table}
           SELECT (jsonb_populate_record(NULL::${table}, to_jsonb(x) || jsonb_build_object(${fields}))).*
           FROM ${from} WHERE ${where}`,
        );
      await copy(
        'identities',
        `'id', c.identity_id, 'email', 'scale-' || c.n || '-${id}@example.com', 'referral_code', 'SCALE${id}' || c.n,
         'quiz_id', c.quiz_id::text, 'order_id', c.order_id::text`,
        'identities x, copies c',
        `x.id = '${t.identity_id}'`,
      );
      await copy(
        'quizzes',
        `'id', c.quiz_id, 'identity_id', c.identity_id`,
        'quizzes x, copies c',
        `x.id::text = '${t.quiz_id}'`,
      );
      await client.query(
        `INSERT INTO orders
         SELECT (jsonb_populate_record(NULL::orders, to_jsonb(x) || jsonb_build_object('id', c.order_id,
                 'identity_id', c.identity_id, 'quiz_id', c.quiz_id, 'status', 'delivered',
                 'order_number', nextval('order_number_seq')::text))).*
         FROM orders x, copies c WHERE x.id = '${t.first_order_id}'`,
      );
      await copy(
        'order_items',
        `'id', gen_random_uuid(), 'order_id', c.order_id`,
        'order_items x, copies c',
        `x.order_id = '${t.first_order_id}'`,
      );
      await copy(
        'customers',
        `'identity_id', c.identity_id, 'provider_customer_id', c.cus_provider_id`,
        'customers x, copies c',
        `x.identity_id = '${t.identity_id}'`,
      );
      await copy(
        'payment_methods',
        `'id', c.pm_id, 'identity_id', c.identity_id, 'provider_payment_method_id', c.pm_provider_id`,
        'payment_methods x, copies c',
        `x.id = '${t.pm_id}'`,
      );
      // The sandbox provider's own records of the customer and the card, under the new ids.
      await client.query(
        `INSERT INTO sandbox_objects
         SELECT (jsonb_populate_record(NULL::sandbox_objects, to_jsonb(x) || jsonb_build_object(
                 'id', CASE x.kind WHEN 'customer' THEN c.cus_provider_id ELSE c.pm_provider_id END,
                 'data', replace(replace(replace(x.data::text, $1, c.cus_provider_id), $2, c.pm_provider_id),
                                 $3, c.identity_id::text)::jsonb))).*
         FROM sandbox_objects x, copies c WHERE x.id IN ($1, $2)`,
        [t.cus_provider_id, t.pm_provider_id, t.identity_id],
      );
      await copy(
        'subscriptions',
        `'id', c.sub_id, 'identity_id', c.identity_id, 'first_order_id', c.order_id, 'current_order_id', c.order_id,
         'default_payment_method_id', c.pm_id, 'next_billing_at', c.next_billing_at,
         'cycle_started_at', c.next_billing_at - interval '30 days'`,
        'subscriptions x, copies c',
        `x.id = '${t.sub_id}'`,
      );
      await copy(
        'billing_cycles',
        `'id', c.cycle_id, 'subscription_id', c.sub_id, 'order_id', c.order_id`,
        'billing_cycles x, copies c',
        `x.subscription_id = '${t.sub_id}'`,
      );
      await client.query('COMMIT');
    }
    // The steady state: whoever is billed within 3 days was reminded already (the sweep's key).
    await client.query(
      `INSERT INTO cycle_mails (dedupe_key, kind, to_address, subject, html, text, created_at, sent_at)
       SELECT 'reminder:' || s.id || ':' || floor(extract(epoch FROM s.next_billing_at) * 1000)::bigint,
              'renewal-reminder', i.email, 'Your next box', '', '', $1, $1
       FROM subscriptions s JOIN identities i ON i.id = s.identity_id
       WHERE s.next_billing_at <= $2`,
      [new Date(t0.getTime() - DAY), new Date(t0.getTime() + 3 * DAY)],
    );
    await client.query('ANALYZE');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

async function countDue(databaseUrl, at) {
  return queryNumber(
    databaseUrl,
    `SELECT count(*) FROM subscriptions WHERE status = 'active' AND next_billing_at <= $1`,
    [at],
  );
}

async function countCharged(databaseUrl) {
  return queryNumber(databaseUrl, `SELECT count(*) FROM renewal_charges WHERE status = 'succeeded'`, []);
}

async function queryNumber(databaseUrl, text, values) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(text, values);
    return Number(rows[0].count);
  } finally {
    await client.end();
  }
}
