import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../helpers/app.ts';
import { seededRandom } from '../helpers/random.ts';
import { type EventWorld, eventWorld, T0 } from './world.ts';

/**
 * The engine against a plain reading of docs/domain.md §30.2–30.3, written here on its own: every definition is
 * evaluated in full at every reading of a device it reads, in device-time order. The engine skips most of those
 * evaluations (State.quiet / State.until in evaluation.ts) and splits the work into ingest batches; the events must be
 * the same. Seeded random readings of two RPM sensors and a temperature sensor, with values around the thresholds,
 * silences longer than 600 s, late and duplicate readings, in batches of random size.
 */

const STALE = 600;
type Cond = { key: 'rpm' | 'temperature'; op: '>' | '<'; value: number };
type Group = { type: 'rpm' | 'temperature' | 'rpm1'; combine: 'and' | 'or'; conds: Cond[] };
type Def = { name: string; duration: number; groups: Group[] };
type Reading = { device: 'rpm1' | 'rpm3' | 'temperature'; ts: number; value: number };
type Event = { name: string; timestamp: number; status: number; duration: number };

const DEFS: Def[] = [
  // a type group over both RPM sensors (either satisfies it)
  {
    name: 'rpm high',
    duration: 0,
    groups: [{ type: 'rpm', combine: 'and', conds: [{ key: 'rpm', op: '>', value: 700 }] }],
  },
  {
    name: 'rpm high 2 min',
    duration: 120,
    groups: [{ type: 'rpm', combine: 'and', conds: [{ key: 'rpm', op: '>', value: 650 }] }],
  },
  // two groups: both must hold, each on another device
  {
    name: 'rpm and hot',
    duration: 60,
    groups: [
      { type: 'rpm', combine: 'and', conds: [{ key: 'rpm', op: '>', value: 600 }] },
      { type: 'temperature', combine: 'and', conds: [{ key: 'temperature', op: '>', value: 450 }] },
    ],
  },
  // one named device, OR of two conditions
  {
    name: 'rpm1 off band',
    duration: 0,
    groups: [
      {
        type: 'rpm1',
        combine: 'or',
        conds: [
          { key: 'rpm', op: '<', value: 550 },
          { key: 'rpm', op: '>', value: 780 },
        ],
      },
    ],
  },
  {
    name: 'cold engine running',
    duration: 30,
    groups: [
      { type: 'temperature', combine: 'and', conds: [{ key: 'temperature', op: '<', value: 420 }] },
      { type: 'rpm1', combine: 'and', conds: [{ key: 'rpm', op: '>', value: 500 }] },
    ],
  },
];

function readingsOf(seed: number): Reading[] {
  const rnd = seededRandom(seed);
  const out: Reading[] = [];
  for (const device of ['rpm1', 'rpm3', 'temperature'] as const) {
    let ts = T0 + Math.floor(rnd() * 60);
    let value = device === 'temperature' ? 440 : 650;
    while (ts < T0 + 3 * 3600) {
      value += (rnd() - 0.5) * (device === 'temperature' ? 30 : 80);
      out.push({ device, ts, value: Math.round(value) });
      if (rnd() < 0.05) out.push({ device, ts: ts - Math.floor(rnd() * 120), value: Math.round(value) + 100 }); // late
      ts += rnd() < 0.03 ? 620 + Math.floor(rnd() * 600) : 10 + Math.floor(rnd() * 60); // now and then a silence
    }
  }
  // arrival order: roughly by time, a little shuffled
  return out
    .map((r) => ({ r, k: r.ts + rnd() * 300 }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.r);
}

/** §30.2–30.3 in full: the events of the definitions for readings arriving in `batches`. */
function reference(batches: Reading[][]): Event[] {
  const current = new Map<string, { ts: number; value: number }>();
  const state = new Map<string, { phase: 'idle' | 'pending' | 'active'; since: number; event?: Event }>();
  const events: Event[] = [];
  const fresh = (device: string, at: number) => {
    const c = current.get(device);
    return c && at - c.ts <= STALE ? c : undefined;
  };
  const devicesOf = (g: Group) => (g.type === 'rpm' ? ['rpm1', 'rpm3'] : [g.type]);
  const holds = (def: Def, at: number) =>
    def.groups.every((g) =>
      devicesOf(g).some((d) => {
        const c = fresh(d, at);
        if (!c) return false;
        const ok = (x: Cond) => (x.op === '>' ? c.value > x.value : c.value < x.value);
        return g.combine === 'and' ? g.conds.every(ok) : g.conds.some(ok);
      }),
    );
  for (const batch of batches)
    for (const r of [...batch].sort((a, b) => a.ts - b.ts || a.device.localeCompare(b.device))) {
      const prev = current.get(r.device);
      if (prev && r.ts <= prev.ts) continue;
      current.set(r.device, { ts: r.ts, value: r.value });
      for (const def of DEFS) {
        if (!def.groups.some((g) => devicesOf(g).includes(r.device))) continue;
        const st = state.get(def.name) ?? { phase: 'idle', since: 0 };
        state.set(def.name, st);
        if (prev && r.ts - prev.ts > STALE && st.phase !== 'idle') {
          if (st.event) Object.assign(st.event, { status: 0, duration: Math.max(0, prev.ts - st.event.timestamp) });
          Object.assign(st, { phase: 'idle', event: undefined });
        }
        const h = holds(def, r.ts);
        if (st.phase === 'idle' && h) Object.assign(st, { phase: 'pending', since: r.ts });
        if (st.phase === 'pending' && !h) st.phase = 'idle';
        else if (st.phase === 'pending' && r.ts - st.since >= def.duration) {
          st.event = { name: def.name, timestamp: st.since, status: 1, duration: r.ts - st.since };
          events.push(st.event);
          st.phase = 'active';
        } else if (st.phase === 'active' && !h) {
          Object.assign(st.event!, { status: 0, duration: r.ts - st.event!.timestamp });
          Object.assign(st, { phase: 'idle', event: undefined });
        }
      }
    }
  return events;
}

describe('the engine gives the events of a full evaluation at every reading (SQLite)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let w: EventWorld;
  beforeEach(async () => {
    database = await freshDatabase('sqlite');
    w = await eventWorld(database, 'ref');
  });
  afterEach(() => database.drop());

  it.each([2, 3, 4, 5])('seed %i', async (seed) => {
    const name = new Map<number, string>();
    for (const def of DEFS) {
      const thresholds = Object.fromEntries(
        def.groups.map((g) => [
          g.type === 'rpm1' ? w.uid.rpm1 : g.type,
          {
            conditions_operator: g.combine,
            data: Object.fromEntries(g.conds.map((c, i) => [i ? 'RPM' : c.key, { operator: c.op, value: c.value }])),
          },
        ]),
      );
      name.set(await w.defineEvent(def.name, def.duration, thresholds), def.name);
    }
    await w.activate([...name.keys()]);
    const all = readingsOf(seed);
    const rnd = seededRandom(seed * 7);
    const batches: Reading[][] = [];
    for (let i = 0; i < all.length; ) {
      const n = 1 + Math.floor(rnd() * 40);
      batches.push(all.slice(i, i + n));
      i += n;
    }
    const uid = { rpm1: w.uid.rpm1, rpm3: w.uid.rpm3, temperature: w.uid.temperature };
    for (const batch of batches)
      await w.ingest(
        batch.map((r) => ({
          device: uid[r.device],
          ts: r.ts,
          data: { [r.device === 'temperature' ? 'temperature' : 'rpm']: r.value },
        })),
      );
    const expected = reference(batches);
    const got = (await w.events()).map((e) => ({
      name: name.get(e.mevtId)!,
      timestamp: e.timestamp,
      status: e.status,
      duration: e.duration,
    }));
    const order = (es: Event[]) => [...es].sort((a, b) => a.name.localeCompare(b.name) || a.timestamp - b.timestamp);
    expect(expected.length).toBeGreaterThan(20); // the data does make events of every kind
    for (const def of DEFS) expect(expected.some((e) => e.name === def.name)).toBe(true);
    expect(order(got)).toEqual(order(expected));
  });
});
