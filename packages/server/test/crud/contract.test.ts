import { type ResourceDef, resourceList, toEpochSeconds } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldKind } from '../../src/modules/crud/columns.ts';
import { formFields } from '../../src/modules/crud/fields-schema.ts';
import { dialects, type TestApp } from '../helpers/app.ts';
import { examples } from './examples.ts';
import { type World, worldApp } from './world.ts';

type Row = Record<string, any>;

/** A value as the API answers it, comparable with what was sent. */
function same(def: ResourceDef, field: string, sent: unknown): unknown {
  const f = def.fields[field];
  if (sent === null) return null;
  switch (fieldKind(f)) {
    case 'datetime':
      return new Date(toEpochSeconds(sent)! * 1000).toISOString();
    case 'integer':
    case 'number':
      return Number(sent);
    default:
      return String(sent);
  }
}

const idOf = (def: ResourceDef, row: Row) => row[def.id];
const url = (def: ResourceDef, rest = '') => `/api/master/${def.path}${rest}`;

/**
 * The same contract for every resource definition, from the definition itself: list (paging, filters,
 * order, search), get, create, update, delete, 404, 400 per field, 403, and another tenant's id → 404.
 */
describe.each(dialects())('resource contract on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    ({ t, w } = await worldApp(dialect));
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token: string, payload?: Row) =>
    t.call({ method, url: path, token, payload });

  it('has an example for every definition', () => {
    expect(resourceList.map((r) => r.name).filter((n) => !examples[n])).toEqual([]);
  });

  describe.each(resourceList.map((def) => [def.name, def] as const))('%s', (_name, def) => {
    const ex = examples[def.name];
    const created: Row[] = [];
    let foreign: Row | undefined;
    // shared catalogues and the group list are written by the platform administrator; the rest by tenant A
    const shared = def.scope.kind === 'global' || def.scope.kind === 'group';
    const me = () => (shared ? w.platform : w.adminA);

    it('refuses list without the permission key (403) and writes to a reader (403)', async () => {
      const none = await call('GET', url(def), w.noKeysA);
      expect(none.statusCode).toBe(403);
      expect(none.json.status).toMatchObject({ error: 1, errorCode: 403 });
      expect(typeof none.json.status.message).toBe('string');
      expect((await call('POST', url(def), w.readerA, ex.create(w, 9))).statusCode).toBe(403);
      expect((await call('PUT', url(def, '/1'), w.readerA, ex.update(w))).statusCode).toBe(403);
      expect((await call('DELETE', url(def, '/1'), w.readerA)).statusCode).toBe(403);
      expect((await call('GET', url(def), w.readerA)).statusCode).toBe(200);
    });

    it('creates with the audit columns and answers what was stored', async () => {
      for (const i of [1, 2, 3]) {
        const body = ex.create(w, i);
        const r = await call('POST', url(def), me(), body);
        expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
        const row = r.json.data;
        for (const [k, v] of Object.entries(body)) {
          if (def.fields[k].writeOnly) expect(row).not.toHaveProperty(k);
          else expect(row[k], k).toEqual(same(def, k, v));
        }
        if (def.auditPrefix) {
          expect(row[`${def.auditPrefix}CreatedUserId`]).toBe(shared ? 'platform@ops.test' : 'admin@a.test');
          expect(row[`${def.auditPrefix}CreatedTime`]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
        }
        for (const j of def.joins) {
          expect(row).toHaveProperty(j.as);
          // a reference that is set answers the referenced row's fields nested
          if (j.localField !== def.id && row[j.localField] !== null) expect(row[j.as], j.as).not.toBeNull();
        }
        created.push(row);
      }
    });

    it('gets one by id', async () => {
      const r = await call('GET', url(def, `/${encodeURIComponent(idOf(def, created[0]))}`), me());
      expect(r.statusCode).toBe(200);
      expect(r.json.data).toEqual(created[0]);
    });

    it('lists with paging and pagination.totalData', async () => {
      const all = await call('GET', url(def, '?max=1000'), me());
      expect(all.statusCode).toBe(200);
      const total = all.json.pagination.totalData;
      expect(all.json.data).toHaveLength(total);
      const ids = all.json.data.map((r: Row) => idOf(def, r));
      for (const c of created) expect(ids).toContain(idOf(def, c));
      const page1 = await call('GET', url(def, '?page=1&max=2'), me());
      const page2 = await call('GET', url(def, '?page=2&pageSize=2'), me());
      expect(page1.json.pagination.totalData).toBe(total);
      expect(page1.json.data).toHaveLength(Math.min(2, total));
      expect(page2.json.data).toHaveLength(Math.min(2, Math.max(0, total - 2)));
      const paged = [...page1.json.data, ...page2.json.data].map((r: Row) => idOf(def, r));
      expect(new Set(paged).size).toBe(paged.length);
      // without max, the definition's page size
      const dflt = await call('GET', url(def), me());
      expect(dflt.json.data).toHaveLength(Math.min(def.pageSize, total));
    });

    it('filters exactly, by one value and by a list', async () => {
      const [a, b] = [idOf(def, created[0]), idOf(def, created[1])];
      const one = await call('GET', url(def, `?finds[${def.id}]=${encodeURIComponent(a)}`), me());
      expect(one.json.data.map((r: Row) => idOf(def, r))).toEqual([a]);
      expect(one.json.pagination.totalData).toBe(1);
      const q = `?finds[${def.id}][]=${encodeURIComponent(a)}&finds[${def.id}][]=${encodeURIComponent(b)}`;
      const two = await call('GET', url(def, q), me());
      expect(two.json.data.map((r: Row) => idOf(def, r)).sort()).toEqual([a, b].sort());
      // a filter on a field of the payload keeps the rows with that value
      const body = ex.create(w, 1);
      const field = def.filters.find((f) => f !== def.id && f in body && !def.fields[f]?.writeOnly);
      if (field) {
        const v = created[0][field];
        const r = await call('GET', url(def, `?max=1000&finds[${field}]=${encodeURIComponent(v)}`), me());
        expect(r.statusCode).toBe(200);
        expect(r.json.data.map((x: Row) => idOf(def, x))).toContain(a);
        for (const x of r.json.data) expect(x[field]).toEqual(v);
      }
    });

    it('orders by the id both ways', async () => {
      const asc = await call('GET', url(def, `?max=1000&orders[${def.id}]=asc`), me());
      const desc = await call('GET', url(def, `?max=1000&orders[${def.id}]=desc`), me());
      const up = asc.json.data.map((r: Row) => idOf(def, r));
      expect(up.length).toBeGreaterThanOrEqual(3);
      expect(desc.json.data.map((r: Row) => idOf(def, r))).toEqual([...up].reverse());
      const sorted = [...up].sort((x, y) => (typeof x === 'number' ? x - y : x < y ? -1 : x > y ? 1 : 0));
      expect(up).toEqual(sorted);
    });

    it('searches case-insensitively on a whitelisted field', async () => {
      const field = def.search.find((f) => !f.includes('.') && typeof created[0][f] === 'string');
      if (!field) return; // nothing textual to search in this resource's payload
      const value: string = created[0][field];
      const part = value.length > 3 ? value.slice(1, -1) : value;
      const r = await call(
        'GET',
        url(def, `?max=1000&findField=${field}&findValue=${encodeURIComponent(part.toUpperCase())}`),
        me(),
      );
      expect(r.statusCode).toBe(200);
      expect(r.json.data.map((x: Row) => idOf(def, x))).toContain(idOf(def, created[0]));
      for (const x of r.json.data) expect(String(x[field]).toLowerCase()).toContain(part.toLowerCase());
    });

    it('refuses filters, orders and searches outside the whitelists (400)', async () => {
      for (const q of ['finds[nope]=1', 'orders[nope]=asc', 'findField=nope&findValue=x', `orders[${def.id}]=up`]) {
        const r = await call('GET', url(def, `?${q}`), me());
        expect(r.statusCode, q).toBe(400);
        expect(typeof r.json.status.message).toBe('string');
      }
    });

    it('updates with the updated audit columns', async () => {
      const change = ex.update(w);
      const id = encodeURIComponent(idOf(def, created[0]));
      const r = await call('PUT', url(def, `/${id}`), me(), change);
      expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
      for (const [k, v] of Object.entries(change)) expect(r.json.data[k], k).toEqual(same(def, k, v));
      if (def.auditPrefix)
        expect(r.json.data[`${def.auditPrefix}UpdatedUserId`]).toBe(shared ? 'platform@ops.test' : 'admin@a.test');
      const again = await call('GET', url(def, `/${id}`), me());
      expect(again.json.data).toEqual(r.json.data);
      created[0] = r.json.data;
    });

    it('answers 400 with a message per field', async () => {
      const empty = await call('POST', url(def), me(), {});
      expect(empty.statusCode).toBe(400);
      const required = formFields(def)
        .filter((f) => f.Required)
        .map((f) => f.Field);
      expect(Object.keys(empty.json.status.message).sort()).toEqual(required.sort());
      for (const msgs of Object.values(empty.json.status.message)) {
        expect(Array.isArray(msgs) && msgs.every((m) => typeof m === 'string' && m.length > 0)).toBe(true);
      }
      const [bad, field] = ex.invalid(w);
      const r = await call('PUT', url(def, `/${encodeURIComponent(idOf(def, created[0]))}`), me(), bad);
      expect(r.statusCode).toBe(400);
      expect(Object.keys(r.json.status.message)).toEqual([field]);
    });

    it('answers 404 for a missing id', async () => {
      const missing = def.idKind === 'text' ? 'nobody@nowhere.test' : '987654';
      for (const [method, body] of [['GET'], ['PUT', ex.update(w)], ['DELETE']] as const) {
        const r = await call(method, url(def, `/${missing}`), me(), body);
        expect(r.statusCode, method).toBe(404);
        expect(r.json.status.message).toMatch(/not found$/);
      }
    });

    it.runIf(!!ex.foreign)("refuses another tenant's row exactly like a missing one", async () => {
      const r = await call('POST', url(def), w.adminB, ex.foreign!(w));
      expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
      foreign = r.json.data;
      const id = encodeURIComponent(idOf(def, foreign!));
      const missing = await call('GET', url(def, `/${def.idKind === 'text' ? 'nobody@nowhere.test' : '987654'}`), me());
      for (const [method, body] of [['GET'], ['PUT', ex.update(w)], ['DELETE']] as const) {
        const other = await call(method, url(def, `/${id}`), me(), body);
        expect(other.statusCode, method).toBe(404);
        expect(other.json).toEqual(missing.json);
      }
      const list = await call('GET', url(def, `?max=1000&finds[${def.id}]=${id}`), me());
      expect(list.json.data).toEqual([]);
      // untouched for its own tenant
      expect((await call('GET', url(def, `/${id}`), w.adminB)).json.data).toEqual(foreign);
    });

    it.runIf(def.scope.kind === 'global')('is a catalogue shared by every tenant', async () => {
      const r = await call('GET', url(def, `/${encodeURIComponent(idOf(def, created[1]))}`), w.adminB);
      expect(r.statusCode).toBe(200);
    });

    it('deletes, answering the deleted row, after which it is gone', async () => {
      const id = encodeURIComponent(idOf(def, created[2]));
      const r = await call('DELETE', url(def, `/${id}`), me());
      expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
      expect(idOf(def, r.json.data)).toEqual(idOf(def, created[2]));
      expect((await call('GET', url(def, `/${id}`), me())).statusCode).toBe(404);
    });
  });
});
