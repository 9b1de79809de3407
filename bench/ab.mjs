// `node bench/ab.mjs <distA> <distB> <path> [rate] [rounds]`: the store CPU per request of two API
// builds, side by side, for a change whose gain is smaller than the full bench's noise.
//
// Both builds (copies of apps/api/dist kept inside apps/api, so their packages resolve) start on
// the PostgreSQL at DATABASE_URL (default: the local `test` database), which must already hold the
// demo members (start the store once with NODE_ENV=development on it). Each is signed in as the
// first demo member, warmed for 15 s, then loaded in turn at a fixed `rate` (requests a second,
// default 700) for 8 s, `rounds` times (default 4); the CPU each process used is read from
// /proc/<pid>/stat. A fixed rate keeps both builds under the same load, which the full bench (as
// many requests as each can answer) cannot. Prints µs of CPU per request, per round, for A and B.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [distA, distB, path, rate = '700', rounds = '4'] = process.argv.slice(2);
if (!distA || !distB || !path) {
  console.error('usage: node bench/ab.mjs <distA> <distB> <path> [rate] [rounds]');
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLOCK_TICKS = 100; // Linux's USER_HZ: the unit of utime and stime in /proc/<pid>/stat

function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

async function start(dist, port) {
  const env = {
    ...process.env,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    SEED_DEMO: 'false',
    DATABASE_URL: databaseUrl,
    WEB_DIST: 'apps/web/dist',
  };
  const child = spawn('node', [`${dist}/server.js`], { env, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const login = await fetch(`${base}/api/User/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      emailAddress: 'demo-member-01@example.com',
      password: 'demo-member-sample-first',
    }),
  }).then((r) => r.json());
  const token = login.token ?? login.authenticationResult?.token;
  if (!token) throw new Error(`${dist}: the demo member could not sign in (${JSON.stringify(login)})`);
  // A returning browser sends back the XSRF cookie it was given; without it each answer mints one.
  const first = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0];
  return { child, base, headers: { authorization: `Bearer ${token}`, cookie } };
}

const load = (store, duration) =>
  new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${store.base}${path}`,
        connections: 20,
        overallRate: Number(rate),
        duration,
        headers: store.headers,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );

const a = await start(distA, 8421);
const b = await start(distB, 8422);
try {
  await load(a, 15);
  await load(b, 15);
  const perRequest = { A: [], B: [] };
  for (let i = 0; i < Number(rounds); i++) {
    for (const [name, store] of [
      ['A', a],
      ['B', b],
    ]) {
      const before = cpuSeconds(store.child.pid);
      const result = await load(store, 8);
      perRequest[name].push(
        Math.round(((cpuSeconds(store.child.pid) - before) * 1e6) / result.requests.total),
      );
      if (result.non2xx) console.log(`${name}: ${result.non2xx} answers were not 2xx`);
    }
  }
  console.log(`${path}: A ${perRequest.A.join(', ')} | B ${perRequest.B.join(', ')} µs of CPU per request`);
} finally {
  a.child.kill();
  b.child.kill();
}
