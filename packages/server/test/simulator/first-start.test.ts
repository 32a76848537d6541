import { Writable } from 'node:stream';
import { DEMO_FLEET } from '@fleet/fleet-catalog';
import { TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import { generateReadings } from '@fleet/simulator';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { seedDemo } from '../../src/db/seed/demo.ts';
import { startSimulator } from '../../src/modules/telemetry/simulator-runner.ts';
import { dialects, freshDatabase } from '../helpers/app.ts';

/**
 * First start (issue 23): the built-in simulator's backfill is the server's own work, written through its in-process
 * ingest path — never shed like an outside client, yielding to requests, quiet in the log, and complete.
 */
describe.each(dialects())('first start: the demo backfill on %s', (dialect) => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  /** The demo world, a server on a loopback port, and every log line it writes. */
  async function firstStart(opts: { shedIngest?: boolean } = {}) {
    const database = await freshDatabase(dialect);
    await seedDemo(database);
    const lines: { level: number; msg?: string }[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const text of String(chunk).split('\n')) if (text.trim()) lines.push(JSON.parse(text));
        done();
      },
    });
    const config = loadConfig({
      DATA_DIR: `/tmp/fleet-test-${process.pid}`,
      DEMO: '1',
      SIMULATOR: '1',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      DAILY_REPORT_TICK_SECONDS: '0',
    });
    const app: FastifyInstance = await buildApp({ database, config, logger: { level: 'info', stream } });
    if (opts.shedIngest)
      // every outside batch is shed, as load shedding does while the server is busy
      app.addHook('onRequest', async (req, reply) => {
        if (req.url.startsWith('/api/ingest'))
          return reply
            .status(503)
            .header('retry-after', '60')
            .send({ status: { error: 1, errorCode: 503, message: 'The server is busy.' }, data: null });
      });
    await app.listen({ port: 0, host: '127.0.0.1' });
    cleanup = async () => {
      await app.close();
      await database.drop();
    };
    return { app, database, lines };
  }

  /** What the generator makes for the demo fleet over the simulator's horizon (1-minute history up to `now`). */
  function generated(now: number, days: number) {
    const end = Math.floor(now / 60) * 60;
    const start = Math.floor((now - days * 86400) / 60) * 60;
    let n = 0;
    for (const batch of generateReadings({ seed: 'demo', vessels: DEMO_FLEET, start, end, stepSeconds: 60 }))
      n += batch.length;
    return n;
  }

  async function storedRows(database: Awaited<ReturnType<typeof firstStart>>['database']) {
    let n = 0;
    for (const def of Object.values(TELEMETRY_TYPES)) {
      const row = await database.db
        .selectFrom(def.table as never)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      n += Number((row as { n: number }).n);
    }
    return n;
  }

  it('stores the full history while outside ingest is being shed, and logs no error or warning for it', async () => {
    const { app, database, lines } = await firstStart({ shedIngest: true });
    // an outside device is shed meanwhile
    const outside = await fetch(`http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-key': 'x' },
      body: '{"readings":[]}',
    });
    expect(outside.status).toBe(503);
    lines.length = 0;
    const now = Math.floor(Date.now() / 1000) - 600;
    const days = 0.25;
    app.deps.config.backfillDays = days;
    const handle = await startSimulator(app, { now: () => now, live: false });
    expect(handle).toBeDefined();
    await handle!.backfilled;
    await handle!.stop();
    const expected = generated(now, days);
    expect(expected).toBeGreaterThan(6 * 360 * 10);
    // the probes for what the server already holds wrote a few of them first (counted as duplicates afterwards)
    expect(handle!.stats.accepted + handle!.stats.duplicate).toBe(expected);
    expect(handle!.stats).toMatchObject({ rejected: 0, errors: 0, failures: 0, busy: 0 });
    expect(await storedRows(database)).toBe(expected);
    expect(lines.filter((l) => l.level >= 40).map((l) => l.msg)).toEqual([]);
    expect(lines.map((l) => l.msg)).toContain('simulator: backfill done');
  }, 120_000);

  it('answers a request issued during the backfill before the backfill finishes', async () => {
    const { app, database } = await firstStart();
    const port = (app.server.address() as { port: number }).port;
    const now = Math.floor(Date.now() / 1000) - 600;
    const days = 0.5;
    app.deps.config.backfillDays = days;
    const handle = await startSimulator(app, { now: () => now, live: false });
    let finished = false;
    const done = handle!.backfilled.then(() => {
      finished = true;
    });
    // the backfill has begun writing
    while (handle!.stats.accepted === 0 && !finished) await new Promise((r) => setTimeout(r, 0));
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    const answeredDuringBackfill = !finished;
    expect(res.status).toBe(200);
    expect(answeredDuringBackfill).toBe(true);
    await done;
    await handle!.stop();
    expect(await storedRows(database)).toBe(generated(now, days));
  }, 120_000);
});
