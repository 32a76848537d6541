import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, INGEST_STAGES } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { onEventLogWrite } from '../../src/modules/event-engine/opened.ts';
import { ingestReadings } from '../../src/modules/telemetry/ingest.ts';
import type { IngestStage } from '../../src/modules/telemetry/pipeline.ts';
import { eventOutboxWriter, relayEvents } from '../../src/modules/webhooks/outbox.ts';
import { invalidateSubscribers } from '../../src/modules/webhooks/subscribers.ts';
import { eventWorld, T0 } from '../event-engine/world.ts';
import { dialects, freshDatabase } from '../helpers/app.ts';

/** A stage that fails inside the batch's transaction, after the event engine wrote: the whole batch rolls back. */
const failing: IngestStage = {
  begin: () => ({
    // biome-ignore lint/correctness/useYield: it fails before its first statement
    *write() {
      throw new Error('the process died mid-batch');
    },
  }),
};

/**
 * docs/decisions.md "Webhooks: an outbox in the writer's transaction": an opened event's delivery is an outbox row
 * of the event's own transaction — rolled back with it, and once committed, queued exactly once even when the
 * process that wrote it stopped before queueing it.
 */
describe.each(dialects())('the webhook outbox on %s', (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const config = loadConfig({
    DATA_DIR: `/tmp/fleet-test-${process.pid}`,
    DEMO: '0',
    SIMULATOR: '0',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    DAILY_REPORT_TICK_SECONDS: '0',
    WEBHOOK_POLL_SECONDS: '0',
    WEBHOOK_POSITION_INTERVAL_SECONDS: '0',
  });
  beforeAll(async () => {
    database = await freshDatabase(dialect, undefined, { sqliteFile: true });
  });
  afterAll(() => database.drop());

  it('rolls back with the event; committed, it is queued once, by the next process', async () => {
    const db = database.db;
    const w = await eventWorld(database, 'obx');
    const hot = await w.defineEvent('Exhaust hot obx', 0, {
      temperature: { conditions_operator: 'and', data: { temperature: { operator: '>', value: 450 } } },
    });
    await w.activate([hot]);
    const sub = await db
      .insertInto('webhook')
      .values({
        wbhkCompId: w.comp,
        wbhkName: 'events',
        wbhkUrl: 'http://127.0.0.1:9/events',
        wbhkKinds: JSON.stringify(['event.opened']),
        wbhkActive: 1,
        wbhkSecret: 'whsec_test',
        wbhkCreatedTime: T0,
        wbhkUpdatedTime: T0,
      })
      .returning('wbhkId')
      .executeTakeFirstOrThrow();
    invalidateSubscribers(database);
    // this process writes (the outbox writer of an app on this database) but has no relay: it "dies" after commits
    const off = onEventLogWrite(eventOutboxWriter(database));
    const scope = { keyId: 0, devcId: w.gatewayId, devcUniqueId: w.gatewayUid, massId: w.massId, gateway: true };
    const reading = (ts: number, temperature: number) => ({ device: w.uid.temperature, ts, data: { temperature } });
    const outbox = () => db.selectFrom('webhook_outbox').selectAll().execute();
    const deliveries = () =>
      db.selectFrom('webhook_delivery').selectAll().where('wbdlWbhkId', '=', sub.wbhkId).execute();
    try {
      await w.ingest([reading(T0, 400)]);
      // the batch that opens the event fails in its transaction: no event, no outbox row
      await expect(
        ingestReadings({ database, stages: [...INGEST_STAGES, failing] }, scope, [reading(T0 + 1, 500)]),
      ).rejects.toThrow('the process died mid-batch');
      expect(await w.events(hot)).toEqual([]);
      expect(await outbox()).toEqual([]);
      // the same batch commits: the event and its outbox row, and still no delivery (nothing relayed it)
      await w.ingest([reading(T0 + 1, 500)]);
      expect((await w.events(hot)).map((e) => e.status)).toEqual([1]);
      expect((await outbox()).map((r) => r.wboxKind)).toEqual(['event.opened']);
      expect(await deliveries()).toEqual([]);
    } finally {
      off();
    }
    // the next process relays what it finds when it starts: exactly one delivery
    const next = await buildApp({ database, config, logger: false });
    await next.ready();
    try {
      for (let i = 0; i < 200 && (await outbox()).length; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await outbox()).toEqual([]);
      const rows = await deliveries();
      expect(rows.map((d) => d.wbdlKind)).toEqual(['event.opened']);
      expect(JSON.parse(String(rows[0].wbdlPayload)).data).toMatchObject({ type: 'Exhaust hot obx', status: 'active' });
      // relayed again: nothing more
      expect(await relayEvents(database)).toBe(0);
      expect((await deliveries()).length).toBe(1);
    } finally {
      await next.close();
    }
  });
});
