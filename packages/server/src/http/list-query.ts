import { DEFAULT_PAGE_SIZE, type ListQuery, MAX_PAGE_SIZE } from '@fleet/shared';
import { badRequest } from './envelope.ts';

/** pages beyond this are refused (an offset the databases cannot take is a 400, not a fault) */
const MAX_PAGE = 1_000_000;

type Raw = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * Parses the list query of docs/api.md "List query" from the flat querystring Fastify gives
 * (`finds[devcType]`, `finds[bklgMassId][]`, `orders[mcevVersion]`). Fields outside the whitelists are a 400.
 */
export function parseListQuery(
  raw: Raw,
  allowed: { filters: string[]; orders: string[]; search: string[]; select?: string[]; defaultPageSize?: number },
): ListQuery {
  const q: ListQuery = { page: 1, max: allowed.defaultPageSize ?? DEFAULT_PAGE_SIZE, finds: {}, orders: [] };
  const page = first(raw.page);
  if (page !== undefined) {
    const n = Number(page);
    if (n > MAX_PAGE || !/^[1-9][0-9]{0,8}$/.test(page))
      throw badRequest(`page must be a whole number from 1 to ${MAX_PAGE}`);
    q.page = n;
  }
  const max = first(raw.max) ?? first(raw.pageSize) ?? first(raw.limit);
  if (max !== undefined) {
    const n = Number(max);
    if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE_SIZE)
      throw badRequest(`max must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
    q.max = n;
  }
  for (const [key, value] of Object.entries(raw)) {
    const m = /^(finds|orders)\[([^\]]+)\](\[\])?$/.exec(key);
    if (!m) continue;
    const [, kind, field] = m;
    if (kind === 'finds') {
      if (!allowed.filters.includes(field)) throw badRequest(`Filtering by ${field} is not supported`);
      q.finds[field] = [...(q.finds[field] ?? []), ...list(value)];
    } else {
      if (!allowed.orders.includes(field)) throw badRequest(`Ordering by ${field} is not supported`);
      const dir = String(first(value)).toLowerCase();
      if (dir !== 'asc' && dir !== 'desc') throw badRequest(`orders[${field}] must be asc or desc`);
      q.orders.push([field, dir]);
    }
  }
  const select = [...list(raw.select), ...list(raw['select[]'])];
  if (select.length) {
    for (const f of select) {
      if (!allowed.select?.includes(f)) throw badRequest(`Selecting ${f} is not supported`);
    }
    q.select = [...new Set(select)];
  }
  const findField = first(raw.findField);
  const findValue = first(raw.findValue);
  if (findField !== undefined && findField !== '') {
    if (!allowed.search.includes(findField)) throw badRequest(`Searching by ${findField} is not supported`);
    q.findField = findField;
    q.findValue = findValue ?? '';
  }
  return q;
}
