import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../src/http/time.ts';
import { compare } from '../../src/modules/event-engine/conditions.ts';
import { eventConfigChanged } from '../../src/modules/event-engine/definitions.ts';
import { runSweep } from '../../src/modules/event-engine/sweep.ts';
import { dialects, freshDatabase } from '../helpers/app.ts';
import { type EventWorld, eventWorld, T0 } from './world.ts';

describe('threshold comparison', () => {
  it('compares numbers with every operator, text thresholds only for (in)equality, a missing value never holds', () => {
    expect([compare(5, '==', 5), compare(5, '==', '5'), compare(5, '==', 6)]).toEqual([true, true, false]);
    expect([compare(5, '!=', 5), compare(5, '!=', 6)]).toEqual([false, true]);
    expect([compare(6, '>', 5), compare(5, '>', 5)]).toEqual([true, false]);
    expect([compare(4, '<', 5), compare(5, '<', 5)]).toEqual([true, false]);
    expect([compare(5, '>=', 5), compare(4, '>=', 5)]).toEqual([true, false]);
    expect([compare(5, '<=', 5), compare(6, '<=', 5)]).toEqual([true, false]);
    expect([compare(1, '==', 'true'), compare(0, '==', 'false')]).toEqual([true, true]);
    expect([compare(5, '>', 'abc'), compare(5, '!=', 'abc')]).toEqual([false, true]);
    expect(compare(undefined, '!=', 5)).toBe(false);
  });
});

describe.each(dialects())('event engine on %s', (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let w: EventWorld;
  beforeEach(async () => {
    database = await freshDatabase(dialect);
    w = await eventWorld(database);
  });
  afterEach(() => database.drop());

  const temp = (ts: number, temperature: number) => ({ device: w.uid.temperature, ts, data: { temperature } });
  const power = (ts: number, data: Record<string, number>) => ({ device: w.uid.power, ts, data });

  it('opens and closes on every operator (duration 0)', async () => {
    const ops = ['==', '!=', '>', '<', '>=', '<='] as const;
    const ids: Record<string, number> = {};
    for (const op of ops)
      ids[op] = await w.defineEvent(`Exhaust ${op} 500`, 0, {
        temperature: { conditions_operator: 'and', data: { temperature: { operator: op, value: 500 } } },
      });
    await w.activate(Object.values(ids));
    const active = async () => {
      const out: string[] = [];
      for (const op of ops) if ((await w.events(ids[op])).some((e) => e.status === 1)) out.push(op);
      return out;
    };
    await w.ingest([temp(T0, 500)]);
    expect(await active()).toEqual(['==', '>=', '<=']);
    await w.ingest([temp(T0 + 10, 501)]);
    expect(await active()).toEqual(['!=', '>', '>=']);
    await w.ingest([temp(T0 + 20, 499)]);
    expect(await active()).toEqual(['!=', '<', '<=']);
    // '==' opened at T0 and closed by the reading at T0 + 10
    expect(await w.events(ids['=='])).toMatchObject([{ timestamp: T0, status: 0, duration: 10 }]);
    expect(await w.events(ids['<='])).toMatchObject([
      { timestamp: T0, status: 0, duration: 10 },
      { timestamp: T0 + 20, status: 1 },
    ]);
  });

  it('AND needs every condition of a group, OR one; several groups must all hold; a type name covers its devices', async () => {
    const and = await w.defineEvent('AC lost, battery low', 0, {
      power: {
        conditions_operator: 'and',
        data: { onAc: { operator: '==', value: 0 }, batteryVoltage: { operator: '<', value: 11.5 } },
      },
    });
    const or = await w.defineEvent('Power trouble', 0, {
      [w.uid.power]: {
        conditions_operator: 'or',
        data: { onAc: { operator: '==', value: 0 }, batteryFail: { operator: '==', value: 1 } },
      },
    });
    const both = await w.defineEvent('Hot exhaust under load', 0, {
      temperature: { conditions_operator: 'and', data: { temperature: { operator: '>', value: 450 } } },
      rpm: { conditions_operator: 'and', data: { rpm: { operator: '>', value: 600 } } },
    });
    await w.activate([and, or, both]);
    await w.ingest([power(T0, { onAc: 0, batteryFail: 0, batteryVoltage: 12.4 })]);
    expect((await w.events(and)).length).toBe(0);
    expect(await w.events(or)).toMatchObject([{ status: 1, timestamp: T0 }]);
    await w.ingest([power(T0 + 10, { onAc: 0, batteryFail: 1, batteryVoltage: 11.2 })]);
    expect(await w.events(and)).toMatchObject([{ status: 1, timestamp: T0 + 10 }]);
    expect(await w.events(and)).toMatchObject([
      { newData: { [w.uid.power]: { power: { onAc: 0, batteryVoltage: 11.2 } } } },
    ]);
    // old data: the values just before the condition began
    expect((await w.events(and))[0].oldData).toEqual({ [w.uid.power]: { power: { onAc: 0, batteryVoltage: 12.4 } } });

    await w.ingest([temp(T0 + 20, 480)]);
    expect((await w.events(both)).length).toBe(0); // no RPM yet
    await w.ingest([{ device: w.uid.rpm3, ts: T0 + 30, data: { rpm: 550 } }]);
    expect((await w.events(both)).length).toBe(0);
    await w.ingest([{ device: w.uid.rpm1, ts: T0 + 40, data: { rpm: 720 } }]); // either engine will do
    expect(await w.events(both)).toMatchObject([{ status: 1, timestamp: T0 + 40 }]);
    expect(Object.keys((await w.events(both))[0].threshold)).toEqual(['temperature', 'rpm']);
    await w.ingest([temp(T0 + 50, 440)]);
    expect(await w.events(both)).toMatchObject([{ status: 0, duration: 10 }]);
  });

  it('counts the duration across ingest batches: 59 s is not enough, 60 s is', async () => {
    const hot = await w.defineEvent(
      'Exhaust temperature high',
      60,
      {
        temperature: { conditions_operator: 'and', data: { temperature: { operator: '>=', value: 500 } } },
      },
      1,
    );
    await w.activate([hot]);
    await w.ingest([temp(T0, 420), temp(T0 + 10, 510), temp(T0 + 40, 530)]);
    expect(await w.events(hot)).toEqual([]);
    expect(await w.phase(hot)).toBe(1);
    await w.ingest([temp(T0 + 69, 540)]);
    expect(await w.events(hot)).toEqual([]);
    await w.ingest([temp(T0 + 70, 545)]);
    const [e] = await w.events(hot);
    expect(e).toMatchObject({ timestamp: T0 + 10, status: 1, duration: 60, priority: 1 });
    expect(e.oldData).toEqual({ [w.uid.temperature]: { temperature: { temperature: 420 } } });
    expect(e.newData).toEqual({ [w.uid.temperature]: { temperature: { temperature: 545 } } });
    await w.ingest([temp(T0 + 100, 560)]);
    expect(await w.events(hot)).toHaveLength(1);
    await w.ingest([temp(T0 + 130, 480)]);
    expect(await w.events(hot)).toMatchObject([{ status: 0, duration: 120 }]);
    expect(await w.phase(hot)).toBe(0);
    // a pending hold that breaks is forgotten
    await w.ingest([temp(T0 + 140, 520), temp(T0 + 180, 490), temp(T0 + 200, 520), temp(T0 + 250, 520)]);
    expect(await w.events(hot)).toHaveLength(1);
  });

  it('a gap longer than 600 s ends a hold; the duration starts again after it', async () => {
    const hot = await w.defineEvent('Exhaust temperature high', 60, {
      temperature: { conditions_operator: 'and', data: { temperature: { operator: '>', value: 500 } } },
    });
    await w.activate([hot]);
    await w.ingest([temp(T0, 520), temp(T0 + 30, 520)]);
    await w.ingest([temp(T0 + 700, 520)]); // 670 s of silence
    expect(await w.events(hot)).toEqual([]);
    await w.ingest([temp(T0 + 759, 520)]);
    expect(await w.events(hot)).toEqual([]);
    await w.ingest([temp(T0 + 760, 520)]);
    expect(await w.events(hot)).toMatchObject([{ timestamp: T0 + 700, status: 1 }]);
    // an open event over a gap: closed at the last reading before it
    await w.ingest([temp(T0 + 800, 520), temp(T0 + 1500, 520)]);
    const events = await w.events(hot);
    expect(events[0]).toMatchObject({ status: 0, duration: 100 });
    expect(events.length).toBe(1);
  });

  it('late, out-of-order and duplicate readings are stored but do not flip the state back', async () => {
    const hot = await w.defineEvent('Exhaust temperature high', 60, {
      temperature: { conditions_operator: 'and', data: { temperature: { operator: '>', value: 500 } } },
    });
    await w.activate([hot]);
    await w.ingest([temp(T0, 520), temp(T0 + 30, 520)]);
    const late = await w.ingest([temp(T0 + 10, 300), temp(T0 + 30, 100)]);
    expect(late).toMatchObject({ accepted: 1, duplicate: 1 });
    await w.ingest([temp(T0 + 60, 520)]);
    expect(await w.events(hot)).toMatchObject([{ timestamp: T0, status: 1, duration: 60 }]);
    // in one batch out of order: evaluated in time order
    await w.ingest([temp(T0 + 120, 450), temp(T0 + 90, 530)]);
    expect(await w.events(hot)).toMatchObject([{ status: 0, duration: 120 }]);
  });

  it('a backfill of history in one batch gives the same events as live arrival', async () => {
    const hot = await w.defineEvent('Exhaust temperature high', 60, {
      temperature: { conditions_operator: 'and', data: { temperature: { operator: '>', value: 500 } } },
    });
    await w.activate([hot]);
    const series = [450, 520, 530, 540, 550, 560, 570, 580, 450, 520, 530, 450].map((v, i) => temp(T0 + i * 10, v));
    for (const r of series) await w.ingest([r]);
    const live = await w.events(hot);
    const other = await eventWorld(database, 'ev2');
    const hot2 = await other.defineEvent('Exhaust temperature high 2', 60, {
      temperature: { conditions_operator: 'and', data: { temperature: { operator: '>', value: 500 } } },
    });
    await other.activate([hot2]);
    await other.ingest(series.map((r) => ({ ...r, device: other.uid.temperature })).reverse());
    const backfill = await other.events(hot2);
    const strip = (es: typeof live) => es.map(({ mevtId: _m, oldData: _o, newData: _n, ...e }) => e);
    expect(strip(backfill)).toEqual(strip(live));
    expect(live).toMatchObject([{ timestamp: T0 + 10, status: 0, duration: 70 }]);
  });

  it('a configuration switch keeps an unchanged event open and closes one the new version drops', async () => {
    const hot = await w.defineEvent('Exhaust temperature high', 0, {
      temperature: { conditions_operator: 'and', data: { temperature: { operator: '>', value: 500 } } },
    });
    const ac = await w.defineEvent('AC power lost', 0, {
      power: { conditions_operator: 'and', data: { onAc: { operator: '==', value: 0 } } },
    });
    await w.activate([hot, ac]);
    await w.ingest([temp(T0, 520), power(T0, { onAc: 0 })]);
    expect((await w.events()).map((e) => e.status)).toEqual([1, 1]);
    await w.activate([hot]); // version 2 without AC power lost
    await w.ingest([temp(T0 + 30, 525)]);
    expect(await w.events(hot)).toMatchObject([{ status: 1 }]);
    expect(await w.events(ac)).toMatchObject([{ status: 0, duration: 30 }]);
    // editing the thresholds of an open event closes it; it opens again under the new definition
    await w.db
      .updateTable('master_event')
      .set({
        mevtThresholds: JSON.stringify({
          temperature: { conditions_operator: 'and', data: { temperature: { operator: '>', value: 510 } } },
        }),
      })
      .where('mevtId', '=', hot)
      .execute();
    eventConfigChanged();
    await w.ingest([temp(T0 + 40, 530)]);
    expect(await w.events(hot)).toMatchObject([
      { status: 0, duration: 40 },
      { status: 1, timestamp: T0 + 40, threshold: { temperature: { data: { temperature: { value: 510 } } } } },
    ]);
  });

  it('the database refuses a second Active event of one device and event type', async () => {
    const hot = await w.defineEvent('Exhaust temperature high', 0, {
      temperature: { conditions_operator: 'and', data: { temperature: { operator: '>', value: 500 } } },
    });
    const row = {
      evntTimestamp: T0,
      evntDeviceId: w.gatewayUid,
      evntDevcId: w.gatewayId,
      evntMassId: w.massId,
      evntMevtId: hot,
      evntStatus: 1,
    };
    await w.db.insertInto('event_log').values(row).execute();
    await expect(w.db.insertInto('event_log').values(row).execute()).rejects.toThrow();
    await w.db
      .insertInto('event_log')
      .values({ ...row, evntStatus: 0 })
      .execute();
  });

  it('the sweep opens a hold whose duration passed without new readings, and closes events of silent devices', async () => {
    const ac = await w.defineEvent(
      'AC power lost',
      60,
      {
        power: { conditions_operator: 'and', data: { onAc: { operator: '==', value: 0 } } },
      },
      1,
    );
    await w.activate([ac]);
    const now = nowSeconds();
    await w.ingest([power(now - 100, { onAc: 1 }), power(now - 90, { onAc: 0 })]);
    expect(await w.events(ac)).toEqual([]);
    await runSweep(database, now - 31); // 59 s held
    expect(await w.events(ac)).toEqual([]);
    const first = await runSweep(database, now - 30);
    expect(first.opened).toMatchObject([{ type: 'AC power lost', priority: 1, timestamp: now - 90 }]);
    await runSweep(database, now - 20);
    expect(await w.events(ac)).toMatchObject([{ timestamp: now - 90, status: 1, duration: 60 }]);
    // silent for more than 600 s on both clocks: closed at the last it is known to have held
    await runSweep(database, now + 700);
    expect(await w.events(ac)).toMatchObject([{ status: 0, duration: 60 }]);
    expect(await w.phase(ac)).toBe(0);
  });
});
