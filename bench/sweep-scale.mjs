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
import { benchUserMembership, benchUserToken, copyMembership } from './lib/members.mjs';
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
/** Targets for 100,000 members (docs/performance.md): a pass with nothing due, and with a thirtieth due. */
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
    await copyMembership(database.url, templateOrder, size, t0, id);
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
