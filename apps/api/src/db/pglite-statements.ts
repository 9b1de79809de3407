import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import { statementNames } from './statement-names.ts';

type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/**
 * Makes PGlite prepare each statement that has parameters once, under its text's name, and run
 * the prepared statement afterwards. PGlite's own `query` sends every statement unnamed, so
 * PostgreSQL parses and plans it at every call, and on PGlite that work is the store's own CPU:
 * the product page's read took 816 µs sent unnamed and 265 µs prepared
 * (docs/performance.md, "PGlite plans a statement once").
 *
 * This is PGlite's `query` with a named Parse: the same messages through its public protocol
 * functions (`protocol.serialize`, `parse.parseResults`), the same parameter serialisers, the
 * same result parsing, and the same two locks, so a statement never runs inside another caller's
 * transaction. Statements inside a PGlite transaction go through that transaction's own `query`
 * and are sent as before; so are statements without parameters (they may hold several commands)
 * and any past the name limit.
 */
export function reusePgliteStatements(client: PGlite, nameOf = statementNames()): void {
  const unnamed = client.query.bind(client);
  /** Each prepared statement's parameter types, as PostgreSQL inferred them. */
  const parameterTypes = new Map<string, number[]>();
  const { serialize } = protocol;

  async function named<T>(name: string, text: string, params: unknown[], options?: QueryOptions) {
    const send = (message: Uint8Array) =>
      client.execProtocolStream(message, { syncToFs: false, onNotice: options?.onNotice });
    const messages: Message[] = [];
    try {
      let types = parameterTypes.get(name);
      if (types === undefined) {
        await send(serialize.parse({ name, text, types: options?.paramTypes }));
        types = parse.parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name })));
        parameterTypes.set(name, types);
      }
      const known = types;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = known[i]!;
        const serializer = options?.serializers?.[type] ?? client.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      messages.push(
        ...(await send(serialize.bind({ statement: name, values }))),
        ...(await send(serialize.describe({ type: 'P' }))),
        ...(await send(serialize.execute({}))),
      );
    } finally {
      messages.push(...(await send(serialize.sync())));
    }
    await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  client.query = async function query<T>(text: string, params?: unknown[], options?: QueryOptions) {
    const name = params && params.length > 0 && !options?.blob ? nameOf(text) : undefined;
    if (name === undefined) return unnamed<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => named<T>(name, text, params!, options)),
    );
  } as PGlite['query'];
}
