import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import { dialects, freshDatabase } from '../helpers/app.ts';
import { createAsset, createCompany, createDevice, createGroup } from '../helpers/fixtures.ts';

/**
 * Migration 018 keys the event log by the gateway device (evnt_devc_id) and the asset it was on (evnt_mass_id),
 * from rows that named the gateway by its unique id text (docs/operations.md "Event log identity").
 */
describe.each(dialects())('migration 018_event_device_identity (%s)', (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('maps each row to its gateway, keeps unmatched rows for nobody, closes duplicate open rows, renames configurations', async () => {
    database = await freshDatabase(dialect, '017_event_state_version');
    const db = database.db;
    const massA = await createAsset(db, await createCompany(db, await createGroup(db, 'Mig A'), 'Mig A co'), 'MV A');
    const massB = await createAsset(db, await createCompany(db, await createGroup(db, 'Mig B'), 'Mig B co'), 'MV B');
    // A's gateway was `gateway-old` (events written then), renamed to `gateway-new`; B registered `gateway-old` later
    const gwA = await createDevice(db, massA, 'gateway-new', 'gateway', { devcCreatedTime: 1000 });
    const gwB = await createDevice(db, massB, 'gateway-old', 'gateway', { devcCreatedTime: 5000 });
    await createDevice(db, massA, 'power-a', 'power', { devcCreatedTime: 1000 });
    const mevt = Number(
      (
        await db
          .insertInto('master_event')
          .values({ mevtType: 'Hot', mevtThresholds: '{}' })
          .returning('mevtId')
          .executeTakeFirstOrThrow()
      ).mevtId,
    );
    const cfgA = Number(
      (
        await db
          .insertInto('config_event')
          .values({ mcevAssetId: 'old', mcevDevcId: gwA, mcevVersion: 1, mcevIsActive: 1 })
          .returning('mcevId')
          .executeTakeFirstOrThrow()
      ).mcevId,
    );
    const row = async (text: string, mcev: number | null, created: number | null, status = 0) =>
      Number(
        (
          await db
            .insertInto('event_log')
            .values({
              evntTimestamp: 1500,
              evntDeviceId: text,
              evntMevtId: mevt,
              evntMcevId: mcev,
              evntStatus: status,
              evntDuration: 30,
              evntCreatedTime: created,
            })
            .returning('evntId')
            .executeTakeFirstOrThrow()
        ).evntId,
      );
    const ids = {
      // written by the engine under A's configuration: A's, though the text now names B's gateway
      byConfig: await row('gateway-old', cfgA, 2000),
      // no configuration left, written before B's gateway existed: not B's — no device is known to have written it
      beforeHolder: await row('gateway-old', null, 2000),
      // no configuration left, no write time: the device holding the text now
      legacy: await row('gateway-old', null, null),
      // the text of A's gateway as it is now
      byText: await row('gateway-new', null, 6000),
      // a gateway long gone
      gone: await row('gateway-gone', null, 3000),
      // a text naming a device that is not a gateway
      notGateway: await row('power-a', null, 3000),
      // an open row the engine lost track of when the gateway was renamed (it closed under the new text), and the
      // open row written under the new text: one device, one event type, two open rows
      staleOpen: await row('gateway-old', cfgA, 2000, 1),
      open: await row('gateway-new', cfgA, 6000, 1),
    };

    await migrate(database);

    const rows = await db
      .selectFrom('event_log')
      .select(['evntId', 'evntDevcId', 'evntMassId', 'evntStatus'])
      .execute();
    const by = new Map(
      rows.map((r: any) => [
        Number(r.evntId),
        [
          r.evntDevcId === null ? null : Number(r.evntDevcId),
          r.evntMassId === null ? null : Number(r.evntMassId),
          Number(r.evntStatus),
        ],
      ]),
    );
    expect(rows.length).toBe(Object.keys(ids).length);
    expect(by.get(ids.byConfig)).toEqual([gwA, massA, 0]);
    expect(by.get(ids.beforeHolder)).toEqual([null, null, 0]);
    expect(by.get(ids.legacy)).toEqual([gwB, massB, 0]);
    expect(by.get(ids.byText)).toEqual([gwA, massA, 0]);
    expect(by.get(ids.gone)).toEqual([null, null, 0]);
    expect(by.get(ids.notGateway)).toEqual([null, null, 0]);
    expect(by.get(ids.staleOpen)).toEqual([gwA, massA, 0]);
    expect(by.get(ids.open)).toEqual([gwA, massA, 1]);

    // A's configuration follows its gateway's unique id
    const cfg = await db.selectFrom('config_event').select('mcevAssetId').where('mcevId', '=', cfgA).executeTakeFirst();
    expect(cfg?.mcevAssetId).toBe('new');

    // one open event per gateway device and event type, whatever the text
    const second = {
      evntTimestamp: 7000,
      evntDeviceId: 'gateway-other-text',
      evntDevcId: gwA,
      evntMassId: massA,
      evntMevtId: mevt,
      evntStatus: 1,
    };
    await expect(db.insertInto('event_log').values(second).execute()).rejects.toThrow();
    await db
      .insertInto('event_log')
      .values({ ...second, evntDevcId: gwB, evntMassId: massB })
      .execute();
  });
});
