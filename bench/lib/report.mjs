// Pure helpers of the load benchmark: choosing a round, comparing with a reference, the table.

/** The round kept from several: the one with the most requests per second. */
export function bestRound(rounds) {
  if (rounds.length === 0) throw new Error('no rounds to choose from');
  return rounds.reduce((best, r) => (r.rps > best.rps ? r : best));
}

/** What we keep of one autocannon result. */
export function summarize(result) {
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/** `value / reference`, or undefined when either side is missing. */
export function ratio(value, reference) {
  if (!Number.isFinite(value) || !Number.isFinite(reference) || reference <= 0) return undefined;
  return value / reference;
}

export function formatRatio(r) {
  return r === undefined ? '-' : `${Math.round(r * 100)}%`;
}

/** A verdict against a target: "ok" when met, else how far off it is. */
export function verdict(value, target, direction) {
  if (value === undefined) return 'n/a';
  const met = direction === 'min' ? value >= target : value <= target;
  return met ? 'ok' : 'MISSED';
}

/** A fixed-width text table; numbers are right-aligned, text left-aligned. */
export function formatTable(headers, rows) {
  const cells = rows.map((row) => row.map((c) => (c === undefined || c === null ? '-' : String(c))));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i]?.length ?? 0)));
  const numeric = headers.map(
    (_, i) => cells.length > 0 && cells.every((row) => /^[-\d.,%]+( ms)?$/.test(row[i] ?? '')),
  );
  const line = (row) =>
    row
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

/** A count of failed requests (transport errors, timeouts and non-2xx answers). */
export function failures(summary) {
  return summary.errors + summary.timeouts + summary.non2xx;
}

/** Server CPU time spent per answered request, in microseconds; robust to a busy machine. */
export function cpuMicrosPerRequest(cpuSeconds, requests) {
  if (!Number.isFinite(cpuSeconds) || !requests) return undefined;
  return Math.round((cpuSeconds * 1e6) / requests);
}

/** The code and user id of a verification mail's link: `/verification/{code}/{userId}` or `?code=&userId=`. */
export function verificationLinkIn(text) {
  const path = text.match(/\/verification\/([\w-]+)\/([\w-]+)/);
  if (path) return { code: path[1], userId: path[2] };
  const code = text.match(/[?&]code=([^&\s"'<>]+)/)?.[1];
  const userId = text.match(/[?&]userId=([^&\s"'<>]+)/)?.[1];
  return code && userId ? { code, userId } : undefined;
}
