import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * The most statement texts this process gives a name. A text past it runs unnamed, as every
 * statement did before: a statement built with a varying number of parameters (an `IN` list) then
 * cannot make each connection's server process keep plans without end.
 */
const NAMED_STATEMENTS_KEPT = 500;

/**
 * Names for statement texts, at most `kept` of them: the name `text` is prepared under on every
 * connection, or undefined once `kept` texts have one. A name is a digest of its text, so equal
 * texts share it and different texts never do.
 */
export function statementNames(kept = NAMED_STATEMENTS_KEPT): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < kept) {
      name = `s_${createHash('sha1').update(text).digest('base64url')}`;
      names.set(text, name);
    }
    return name;
  };
}

/** The process's names: every connection of every pool shares them. */
const processNames = statementNames();

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/**
 * Makes a connection prepare each statement that has parameters once, under its text's name, and
 * reuse it afterwards. An unnamed statement is parsed and planned by PostgreSQL every time it is
 * sent; that was most of the database's work in a cart add (docs/performance.md, "The database
 * planned every statement again"). A named one is parsed once per connection, and after a few runs
 * PostgreSQL keeps a plan for it when a generic plan costs no more than the custom ones. Statements
 * without parameters may hold several commands (scripts, `BEGIN`), which cannot be named: they are
 * sent as before, and so is any statement already named by its caller.
 */
export function reuseStatements(client: pg.ClientBase, nameOf = processNames): void {
  const query = client.query as (...args: unknown[]) => unknown;
  const named = function (this: pg.ClientBase, config: unknown, values?: unknown, callback?: unknown) {
    if (config !== null && typeof config === 'object') {
      const c = config as QueryConfig;
      const params = Array.isArray(values) ? values : c.values;
      if (c.name === undefined && typeof c.text === 'string' && Array.isArray(params) && params.length > 0) {
        const name = nameOf(c.text);
        if (name !== undefined) config = { ...c, name };
      }
    }
    return query.call(this, config, values, callback);
  };
  client.query = named as typeof client.query;
}
