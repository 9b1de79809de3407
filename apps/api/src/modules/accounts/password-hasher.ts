import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import argon2 from 'argon2';

/*
 * argon2 in a child process the operating system schedules behind the store's own
 * (docs/performance.md#logins-beside-other-requests). A password check takes tens of
 * milliseconds of a core; run in the server's own process, it competes with the event loop on
 * equal terms, so a stream of logins stretches every other request's wait. In a process of lower
 * priority (a higher nice value), the cores go to requests first and to hashing when they are
 * free; on an idle machine a login takes as long as before. The parameters, salts and hashes are
 * the same; only where the work runs changes.
 */

/**
 * The child's nice value, the lowest priority: on a machine whose cores are full of requests, a
 * login waits longer (its median went from about 50 ms to 60-500 ms in the logins bench) and the
 * other requests do not (docs/performance.md#logins-beside-other-requests). The hashing still
 * gets what the cores leave, so logins never stop.
 */
export const HASHER_NICE = 19;

/**
 * The child's whole program: lower its own priority first (the threads argon2 starts later
 * inherit it), then answer each `{ id, op }` message with `{ id, value }` or `{ id, error }`. It
 * leaves when the server's end of the channel closes, so it never outlives the server.
 */
const CHILD_PROGRAM = `
try { require('node:os').setPriority(${HASHER_NICE}); } catch {}
const argon2 = require(process.argv[1]);
process.on('message', ({ id, op, hash, password, options }) => {
  const work = op === 'hash' ? argon2.hash(password, options) : argon2.verify(hash, password);
  work.then(
    (value) => process.send({ id, value }),
    (error) => process.send({ id, error: String((error && error.message) || error) }),
  );
});
process.on('disconnect', () => process.exit(0));
`;

type Request =
  | { op: 'hash'; password: string; options: argon2.HashOptions }
  | { op: 'verify'; hash: string; password: string };

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** One child and the answers it owes, by request id. */
interface Hasher {
  process: ChildProcess;
  pending: Map<number, Pending>;
}

/** An answer the child could not give because it stopped; the caller does the work itself. */
class HasherGone extends Error {}

let current: Hasher | undefined;
let nextId = 0;

/**
 * The child keeps the server alive only while it owes an answer: a CLI that hashes one password
 * and ends must not wait for it, nor end before the answer comes.
 */
function holdWhilePending({ process, pending }: Hasher): void {
  if (pending.size > 0) {
    process.ref();
    process.channel?.ref();
  } else {
    process.unref();
    process.channel?.unref();
  }
}

function startHasher(): Hasher {
  const argon2Path = createRequire(import.meta.url).resolve('argon2');
  // A plain `node -e`: unlike fork, it takes none of the server's flags (a profiler's, a loader's).
  const started: Hasher = {
    process: spawn(process.execPath, ['-e', CHILD_PROGRAM, argon2Path], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
    pending: new Map(),
  };
  started.process.on('message', (message: { id: number; value?: unknown; error?: string }) => {
    const waiting = started.pending.get(message.id);
    if (!waiting) return;
    started.pending.delete(message.id);
    holdWhilePending(started);
    if (message.error !== undefined) waiting.reject(new Error(message.error));
    else waiting.resolve(message.value);
  });
  const gone = () => {
    if (current === started) current = undefined;
    for (const waiting of started.pending.values())
      waiting.reject(new HasherGone('the password hasher stopped'));
    started.pending.clear();
  };
  started.process.on('exit', gone);
  started.process.on('error', gone);
  return started;
}

function inChild(request: Request): Promise<unknown> {
  current ??= startHasher();
  const hasher = current;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    hasher.pending.set(id, { resolve, reject });
    holdWhilePending(hasher);
    hasher.process.send({ id, ...request }, (error) => {
      if (!error || !hasher.pending.delete(id)) return;
      holdWhilePending(hasher);
      reject(new HasherGone(error.message));
    });
  });
}

/** The same work in this process, when the child cannot be started or stopped mid-answer. */
function inProcess(request: Request): Promise<unknown> {
  return request.op === 'hash'
    ? argon2.hash(request.password, request.options)
    : argon2.verify(request.hash, request.password);
}

async function run(request: Request): Promise<unknown> {
  try {
    return await inChild(request);
  } catch (error) {
    if (error instanceof HasherGone) return inProcess(request);
    throw error;
  }
}

/** argon2's hash, computed in the low-priority child. */
export async function hashInHasher(password: string, options: argon2.HashOptions): Promise<string> {
  return (await run({ op: 'hash', password, options })) as string;
}

/** argon2's verify, computed in the low-priority child; a malformed hash rejects as argon2's does. */
export async function verifyInHasher(hash: string, password: string): Promise<boolean> {
  return (await run({ op: 'verify', hash, password })) as boolean;
}

/** The child's process id while it runs (its priority is checked in passwords.test.ts). */
export function hasherPid(): number | undefined {
  return current?.process.pid;
}

/** Stops the child; answers it owed are worked out in this process, and the next hash starts a new one. */
export function stopHasher(): void {
  current?.process.kill();
  current = undefined;
}
