import type SQLite from 'better-sqlite3';

/**
 * Prepared statements of a SQLite handle, by SQL text (and raw mode). Preparing costs as much as running a small
 * query, and every request repeats the same few (session, permissions, scope), so they are prepared once.
 * A statement still iterating (a streamed query) is busy: a fresh one is prepared for the caller instead.
 */
const statements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

export function prepare(sqlite: SQLite.Database, text: string, raw = false): SQLite.Statement {
  let cache = statements.get(sqlite);
  if (!cache) {
    cache = new Map();
    statements.set(sqlite, cache);
  }
  const key = raw ? `raw:${text}` : text;
  let st = cache.get(key);
  if (st?.busy) return raw ? sqlite.prepare(text).raw(true) : sqlite.prepare(text);
  if (st) {
    // Least recently used goes first: a hit moves its text to the end of the map's order.
    cache.delete(key);
    cache.set(key, st);
    return st;
  }
  // Queries with inlined lists and bucket sizes vary: keep the cache bounded by dropping the least recently used
  // text, so the few statements every request runs stay prepared.
  if (cache.size >= 500) cache.delete(cache.keys().next().value as string);
  st = sqlite.prepare(text);
  if (raw) st.raw(true);
  cache.set(key, st);
  return st;
}
