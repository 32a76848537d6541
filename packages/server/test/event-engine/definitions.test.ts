import { TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import type SQLite from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { prepare } from '../../src/db/statements.ts';
import {
  configCacheOf,
  engineSettings,
  eventConfigChanged,
  refreshConfig,
} from '../../src/modules/event-engine/definitions.ts';
import { evaluateReadings, remember } from '../../src/modules/event-engine/evaluation.ts';
import type { EngineReading } from '../../src/modules/event-engine/readings.ts';
import { runSqlite } from '../../src/modules/event-engine/run.ts';
import type { Query } from '../../src/modules/event-engine/step.ts';
import { createTestApp, dialects, freshDatabase, sqliteHandle, type TestApp } from '../helpers/app.ts';
import { createDevice, createRole, createUser, signIn } from '../helpers/fixtures.ts';
import { type EventWorld, eventWorld, T0 } from './world.ts';

const above = (value: number) => ({
  temperature: { conditions_operator: 'and' as const, data: { temperature: { operator: '>' as const, value } } },
});

/**
 * The definitions cache (docs/domain.md §30.5): a configuration change made through the API is used by the very
 * next ingest of the same process, however long the cache would otherwise be trusted.
 */
describe.each(dialects())('event definitions changed through the API on %s', (dialect) => {
  let t: TestApp;
  let w: EventWorld;
  let admin: string;
  const checkMs = engineSettings.configCheckMs;
  beforeAll(async () => {
    // no sweep in this app: its server clock would close the test's past events as silent
    t = await createTestApp(dialect, { env: { EVENT_SWEEP_SECONDS: '0' } });
    w = await eventWorld(t.database, 'cf1');
    const db = t.database.db;
    const role = await createRole(db, 'Event administrator', {
      master_events: ['create', 'read', 'update', 'delete'],
      master_config_event: ['create', 'read', 'update', 'delete'],
      master_device: ['create', 'read', 'update', 'delete'],
    });
    await createUser(db, {
      userId: 'cf@e.test',
      username: 'cfadmin',
      roleIds: [role],
      companies: [{ compId: w.comp }],
    });
    await db.updateTable('user').set({ userPlatformAdmin: 1 }).where('userId', '=', 'cf@e.test').execute();
    admin = await signIn(db, 'cf@e.test', w.comp);
    // only this process's own write notification may make a change visible before the next hour
    engineSettings.configCheckMs = 3_600_000;
  });
  afterAll(async () => {
    engineSettings.configCheckMs = checkMs;
    await t.close();
  });
  const temp = (ts: number, temperature: number, device = w.uid.temperature) => ({
    device,
    ts,
    data: { temperature },
  });
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.call({ method, url: `/api${url}`, token: admin, payload });

  it('a threshold edited, an event added to a new version, a device added: each used by the next ingest', async () => {
    const hot = await w.defineEvent('Exhaust temperature high', 0, above(500));
    await w.activate([hot]);
    await w.ingest([temp(T0, 505)]);
    expect(await w.events(hot)).toMatchObject([{ timestamp: T0, status: 1 }]);

    // thresholds edited: the open event closes at the next reading, which the new threshold (> 510) does not meet
    const put = await call('PUT', `/master/events/${hot}`, { mevtThresholds: JSON.stringify(above(510)) });
    expect(put.statusCode).toBe(200);
    await w.ingest([temp(T0 + 10, 506)]);
    expect(await w.events(hot)).toMatchObject([{ timestamp: T0, status: 0, duration: 10 }]);
    await w.ingest([temp(T0 + 20, 515)]);
    expect(await w.events(hot)).toMatchObject([
      { status: 0 },
      { timestamp: T0 + 20, status: 1, threshold: above(510) },
    ]);

    // a new configuration version with a second event, made through the API and activated
    const cold = (
      await call('POST', '/master/events', {
        mevtType: 'Exhaust temperature low',
        mevtTriggerDuration: 0,
        mevtIsPriority: 0,
        mevtThresholds: JSON.stringify({
          temperature: { conditions_operator: 'and', data: { temperature: { operator: '<', value: 100 } } },
        }),
      })
    ).json.data.mevtId;
    const config = await call('POST', '/master/config_event', { mcevAssetId: 'cf1', mcevDescription: 'v2' });
    expect(config.statusCode).toBe(200);
    for (const mevtId of [hot, cold])
      expect(
        (await call('POST', '/master/asset_event', { asevMcevId: config.json.data.mcevId, asevMevtId: mevtId }))
          .statusCode,
      ).toBe(200);
    expect((await call('POST', `/master/config_event/${config.json.data.mcevId}/activate`, {})).statusCode).toBe(200);
    await w.ingest([temp(T0 + 30, 90)]);
    expect(await w.events(cold)).toMatchObject([{ timestamp: T0 + 30, status: 1 }]);
    // the unchanged event carried over to the new version and closed normally (90 is not above 510)
    expect(await w.events(hot)).toMatchObject([{ status: 0 }, { timestamp: T0 + 20, status: 0, duration: 10 }]);

    // a second temperature sensor added to the vessel: the type-named threshold reads it at once
    const device = await call('POST', '/master/device', {
      devcName: 'temperature-cf1-2',
      devcType: 'temperature',
      devcStatus: '1',
      devcUniqueId: 'temperature-cf1-2',
      devcMassId: w.massId,
    });
    expect(device.statusCode).toBe(200);
    await w.ingest([temp(T0 + 40, 520, 'temperature-cf1-2')]);
    expect(await w.events(hot)).toMatchObject([{ status: 0 }, { status: 0 }, { timestamp: T0 + 40, status: 1 }]);
  });
});

/**
 * The SQL an evaluation runs, on SQLite, outside any ingest (the engine's statements are the same there); what it
 * leaves is remembered as after a commit.
 */
function traced(t: { sqlite: SQLite.Database }) {
  return (records: { devcId: number; massId: number; ts: number; type: keyof typeof TELEMETRY_TYPES; v: number }[]) => {
    const readings = records.map((r) => ({
      massId: r.massId,
      reading: {
        deviceId: r.devcId,
        ts: r.ts,
        values: TELEMETRY_TYPES[r.type].metrics.map((_m, i) => (i === 0 ? r.v : null)),
      } satisfies EngineReading,
    }));
    const queries: Query[] = [];
    const step = evaluateReadings(
      (wanted) => {
        const byMass = new Map<number, EngineReading[]>();
        for (const { massId, reading } of readings)
          if (wanted(reading.deviceId, massId)) byMass.set(massId, [...(byMass.get(massId) ?? []), reading]);
        return byMass;
      },
      T0,
      false,
      configCacheOf(t.sqlite),
    );
    let r = step.next(undefined as never);
    while (!r.done) {
      queries.push(r.value);
      const st = prepare(t.sqlite, r.value.text);
      let out: Record<string, unknown>[] = [];
      if (st.reader) out = st.all(...r.value.params) as Record<string, unknown>[];
      else st.run(...r.value.params);
      r = step.next(out);
    }
    remember(configCacheOf(t.sqlite), r.value);
    return { outcome: r.value, queries };
  };
}

describe('what an evaluation reads (SQLite)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let w: EventWorld;
  const checkMs = engineSettings.configCheckMs;
  beforeEach(async () => {
    database = await freshDatabase('sqlite');
    w = await eventWorld(database, 'rd1');
    engineSettings.configCheckMs = 3_600_000;
  });
  afterEach(async () => {
    engineSettings.configCheckMs = checkMs;
    await database.drop();
  });

  it("no query when no definition reads a device of the batch; an asset's states read once, then kept while its state version holds", async () => {
    const hot = await w.defineEvent('Exhaust temperature high', 0, above(500));
    const ac = await w.defineEvent('AC power lost', 0, {
      power: { conditions_operator: 'and', data: { onAc: { operator: '==', value: 0 } } },
    });
    await w.activate([hot, ac]);
    const evaluate = traced({ sqlite: sqliteHandle(database) });
    const massId = w.massId;
    const onAc = TELEMETRY_TYPES.power.metrics.findIndex((m) => m.key === 'onAc');
    expect(onAc).toBe(0); // traced() puts the value in the first metric
    expect(TELEMETRY_TYPES.temperature.metrics[0].key).toBe('temperature');

    // the first evaluation reads the definitions (version, definitions, devices, assets holding states)
    const first = evaluate([{ devcId: w.ids.rpm1, massId, ts: T0, type: 'rpm', v: 700 }]);
    expect(first.queries.map((q) => q.text)).toEqual([
      expect.stringContaining('event_config_version'),
      expect.stringContaining('join asset_event'),
      expect.stringContaining('from device'),
      expect.stringContaining('from event_state'),
    ]);
    // then an RPM batch (no definition reads RPM) costs nothing
    expect(evaluate([{ devcId: w.ids.rpm1, massId, ts: T0 + 10, type: 'rpm', v: 710 }]).queries).toEqual([]);

    // a temperature batch reads the asset's state version, its states, and the temperature sensor's last values
    const reads = (batch: { queries: Query[] }) => batch.queries.filter((q) => q.text.trim().startsWith('select'));
    const hotBatch = evaluate([{ devcId: w.ids.temperature, massId, ts: T0 + 20, type: 'temperature', v: 520 }]);
    expect(reads(hotBatch).map((q) => [q.text.replace(/\s+/g, ' '), q.params])).toEqual([
      [expect.stringContaining('from event_state_version'), [massId]],
      [expect.stringContaining('from event_state where evst_mass_id = ?'), [massId]],
      [expect.stringContaining('telemetry_last'), [w.ids.temperature]],
    ]);
    expect(hotBatch.outcome.opened).toMatchObject([{ mevtId: hot, timestamp: T0 + 20 }]);
    // the event opened: its state written, and the asset's state version with it
    expect(hotBatch.queries.at(-1)?.text).toContain('insert into event_state_version');

    // the next batch of the asset finds the version it wrote: the states it left are used, not read
    const held = evaluate([{ devcId: w.ids.temperature, massId, ts: T0 + 25, type: 'temperature', v: 530 }]);
    expect(reads(held).some((q) => q.text.includes('from event_state where'))).toBe(false);
    expect(held.queries.filter((q) => !q.text.trim().startsWith('select'))).toEqual([]);
    // another writer of the asset's states (another process, the sweep) moves the version on: they are read again
    await database.db
      .updateTable('event_state_version' as never)
      .set({ esvVersion: 99 } as never)
      .execute();
    const moved = evaluate([{ devcId: w.ids.temperature, massId, ts: T0 + 26, type: 'temperature', v: 531 }]);
    expect(reads(moved).some((q) => q.text.includes('from event_state where'))).toBe(true);
    expect(moved.outcome.opened).toEqual([]);

    // a configuration write of this process: one comparison with the database, nothing more when unchanged
    eventConfigChanged();
    expect(
      evaluate([{ devcId: w.ids.rpm1, massId, ts: T0 + 30, type: 'rpm', v: 720 }]).queries.map((q) => q.text),
    ).toEqual([expect.stringContaining('event_config_version')]);
    // a write past this process (a script, another server): not seen until the next comparison …
    await createDevice(database.db, massId, 'temperature-rd1-2', 'temperature');
    const second = Number(
      (
        await database.db
          .selectFrom('device')
          .select('devcId')
          .where('devcUniqueId', '=', 'temperature-rd1-2')
          .executeTakeFirstOrThrow()
      ).devcId,
    );
    expect(evaluate([{ devcId: second, massId, ts: T0 + 40, type: 'temperature', v: 530 }]).queries).toEqual([]);
    // … which, when it comes, finds the database's version moved and reads the definitions again
    engineSettings.configCheckMs = 0;
    const seen = evaluate([{ devcId: second, massId, ts: T0 + 50, type: 'temperature', v: 530 }]);
    expect(seen.queries.map((q) => q.text)).toEqual(
      expect.arrayContaining([expect.stringContaining('join asset_event'), expect.stringContaining('telemetry_last')]),
    );
    expect(seen.queries.find((q) => q.text.includes('telemetry_last'))?.params).toEqual(
      expect.arrayContaining([w.ids.temperature, second]),
    );
    expect(ac).toBeGreaterThan(hot);
  });
  it('states kept from before the definitions were read again are reconciled with the new ones', async () => {
    const hot = await w.defineEvent('Exhaust temperature high', 0, above(500));
    await w.activate([hot]);
    const sqlite = sqliteHandle(database);
    const cache = configCacheOf(sqlite);
    const evaluate = traced({ sqlite });
    const massId = w.massId;
    expect(
      evaluate([{ devcId: w.ids.temperature, massId, ts: T0, type: 'temperature', v: 520 }]).outcome.opened,
    ).toMatchObject([{ mevtId: hot, timestamp: T0 }]);
    const kept = cache.states.get(massId);
    expect(kept).toBeDefined();
    // the threshold edited, the definitions read again — and a batch evaluated under the old ones commits after
    // that (another evaluation of this process, PostgreSQL): its states come back into the cache, the asset not
    // among those the reload marked for reconciling
    await database.db
      .updateTable('master_event')
      .set({ mevtThresholds: JSON.stringify(above(600)) })
      .where('mevtId', '=', hot)
      .execute();
    expect(runSqlite(sqlite, refreshConfig(cache, true))).toBe(true);
    cache.reconcile.delete(massId);
    cache.states.set(massId, kept!);
    // kept under other definitions: reconciled — the event opened under the old threshold closes at the batch's
    // first reading and a new one opens under the new threshold (kept states skip reconciling only under the very
    // definitions they were evaluated with)
    const next = evaluate([{ devcId: w.ids.temperature, massId, ts: T0 + 10, type: 'temperature', v: 700 }]);
    expect(next.outcome.closed).toBe(1);
    expect(next.outcome.opened).toMatchObject([{ mevtId: hot, timestamp: T0 + 10 }]);
  });
});
