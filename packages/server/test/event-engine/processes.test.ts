import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { nowSeconds } from '../../src/http/time.ts';
import { LOCK_NAMESPACE } from '../../src/modules/event-engine/asset-context.ts';
import { runSweep } from '../../src/modules/event-engine/sweep.ts';
import { createTestApp, freshDatabase, pgPool } from '../helpers/app.ts';
import { createRole, createUser, signIn } from '../helpers/fixtures.ts';
import { eventWorld, T0 } from './world.ts';

const here = new URL('.', import.meta.url).pathname;

/** A child server process (engine-child.ts) and a way to send it commands and read its answers. */
function child(url: string, scope: object, env: Record<string, string> = {}) {
  const proc: ChildProcess = spawn('npx', ['tsx', join(here, 'engine-child.ts'), url, JSON.stringify(scope)], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const answers: ((line: string) => void)[] = [];
  createInterface({ input: proc.stdout! }).on('line', (line) => answers.shift()?.(line));
  return {
    proc,
    send(cmd: object): Promise<any> {
      return new Promise((resolve) => {
        answers.push((line) => resolve(JSON.parse(line)));
        proc.stdin!.write(`${JSON.stringify(cmd)}\n`);
      });
    },
    kill() {
      proc.kill('SIGKILL');
      return new Promise((resolve) => proc.once('exit', resolve));
    },
    end() {
      proc.stdin!.end();
      return new Promise((resolve) => proc.once('exit', resolve));
    },
  };
}

const hotThresholds = {
  temperature: { conditions_operator: 'and' as const, data: { temperature: { operator: '>' as const, value: 500 } } },
};

describe('a server killed in the middle of a duration (SQLite file)', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('after the restart the event opens once, at the time the condition began', async () => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-events-'));
    const url = `sqlite:${join(dir, 'fleet.db')}`;
    let database: Database = openDatabase(url);
    await migrate(database);
    const w = await eventWorld(database, 'rs1');
    const hot = await w.defineEvent('Exhaust temperature high', 60, hotThresholds);
    await w.activate([hot]);
    const scope = { keyId: 0, devcId: w.gatewayId, devcUniqueId: w.gatewayUid, massId: w.massId, gateway: true };
    await database.close();

    const temp = (ts: number, temperature: number) => ({ device: w.uid.temperature, ts, data: { temperature } });
    const first = child(url, scope);
    expect((await first.send({ ingest: [temp(T0, 450), temp(T0 + 10, 520), temp(T0 + 40, 530)] })).ok).toBe(true);
    await first.kill(); // SIGKILL: no shutdown code runs

    const second = child(url, scope);
    expect((await second.send({ ingest: [temp(T0 + 69, 530)] })).out.accepted).toBe(1);
    expect((await second.send({ ingest: [temp(T0 + 70, 540), temp(T0 + 80, 545)] })).out.accepted).toBe(2);
    // the killed process's batch again (a device resending what it was not sure of): duplicates, nothing new
    expect((await second.send({ ingest: [temp(T0 + 10, 520), temp(T0 + 40, 530)] })).out.duplicate).toBe(2);
    await second.end();

    database = openDatabase(url);
    const again = await eventWorldReader(database, w.gatewayUid);
    expect(again).toEqual([{ timestamp: T0 + 10, status: 1, duration: 60 }]);
    await database.close();
  }, 60_000);
});

async function eventWorldReader(database: Database, gatewayUid: string) {
  const rows = await database.db
    .selectFrom('event_log')
    .selectAll()
    .where('evntDeviceId', '=', gatewayUid)
    .orderBy('evntId')
    .execute();
  return rows.map((r: any) => ({
    timestamp: Number(r.evntTimestamp),
    status: Number(r.evntStatus),
    duration: Number(r.evntDuration),
  }));
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  it('each event opens and closes exactly once, at the right time, while both ingest and sweep one vessel', async () => {
    const database = await freshDatabase('postgres');
    try {
      const w = await eventWorld(database, 'tp1');
      const ac = await w.defineEvent('AC power lost', 30, {
        power: { conditions_operator: 'and', data: { onAc: { operator: '==', value: 0 } } },
      });
      // needs both processes' readings: each must see what the other committed
      const both = await w.defineEvent('Hot exhaust on battery', 0, {
        power: { conditions_operator: 'and', data: { onAc: { operator: '==', value: 0 } } },
        ...hotThresholds,
      });
      await w.activate([ac, both]);
      const scope = { keyId: 0, devcId: w.gatewayId, devcUniqueId: w.gatewayUid, massId: w.massId, gateway: true };
      const url = (pgPool(database) as unknown as { options: { connectionString: string } }).options.connectionString;
      const a = child(url, scope);
      const b = child(url, scope);
      const now = nowSeconds();
      const start = now - 400;
      // each round: the power reading to one process, the temperature reading of the same second to the other,
      // at the same moment; both processes sweep every few rounds
      for (let k = 0; k < 30; k++) {
        const ts = start + k * 10;
        const power = { device: w.uid.power, ts, data: { onAc: k >= 5 && k < 20 ? 0 : 1 } };
        const temp = { device: w.uid.temperature, ts, data: { temperature: k >= 10 && k < 25 ? 520 : 480 } };
        const [x, y] = k % 2 ? [a, b] : [b, a];
        const work = [x.send({ ingest: [power] }), y.send({ ingest: [temp] })];
        if (k % 4 === 0) work.push(a.send({ sweep: now }), b.send({ sweep: now }));
        const answers = await Promise.all(work);
        expect(answers.every((r) => r.ok)).toBe(true);
      }
      await Promise.all([a.end(), b.end()]);
      expect((await w.events(ac)).map((e) => [e.timestamp - start, e.status, e.duration])).toEqual([[50, 0, 150]]);
      expect((await w.events(both)).map((e) => [e.timestamp - start, e.status, e.duration])).toEqual([[100, 0, 100]]);
      await runSweep(database, now);
    } finally {
      await database.drop();
    }
  }, 120_000);

  it("ingest and the sweep wait for the asset's lock held by another process's evaluation", async () => {
    const database = await freshDatabase('postgres');
    try {
      const w = await eventWorld(database, 'tp2');
      const hot = await w.defineEvent('Exhaust temperature high', 0, hotThresholds);
      await w.activate([hot]);
      await w.ingest([{ device: w.uid.temperature, ts: T0, data: { temperature: 450 } }]);
      const other = await pgPool(database).connect();
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock($1::int4, $2::int4)', [LOCK_NAMESPACE, w.massId]);
      let ingested = false;
      const ingest = w.ingest([{ device: w.uid.temperature, ts: T0 + 10, data: { temperature: 520 } }]).then(() => {
        ingested = true;
      });
      await new Promise((r) => setTimeout(r, 700));
      expect(ingested).toBe(false);
      expect(await w.events(hot)).toEqual([]);
      await other.query('commit');
      other.release();
      await ingest;
      expect(await w.events(hot)).toMatchObject([{ timestamp: T0 + 10, status: 1 }]);
    } finally {
      await database.drop();
    }
  }, 60_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a configuration change and another process (PostgreSQL)', () => {
  it('another process uses the new threshold once it meets a state written under it, and within a second anyway', async () => {
    // no sweep in this app: its server clock would close the test's past events as silent
    const t = await createTestApp('postgres', { env: { EVENT_SWEEP_SECONDS: '0' } });
    try {
      const w = await eventWorld(t.database, 'cv1');
      const db = t.database.db;
      const role = await createRole(db, 'Event administrator', { master_events: ['read', 'update'] });
      await createUser(db, {
        userId: 'cv@e.test',
        username: 'cvadmin',
        roleIds: [role],
        companies: [{ compId: w.comp }],
      });
      await db.updateTable('user').set({ userPlatformAdmin: 1 }).where('userId', '=', 'cv@e.test').execute();
      const admin = await signIn(db, 'cv@e.test', w.comp);
      const above = (value: number) => ({
        temperature: { conditions_operator: 'and' as const, data: { temperature: { operator: '>' as const, value } } },
      });
      const hot = await w.defineEvent('Exhaust temperature high', 0, above(500));
      await w.activate([hot]);
      const edit = async (value: number) =>
        expect(
          (
            await t.call({
              method: 'PUT',
              url: `/api/master/events/${hot}`,
              token: admin,
              payload: { mevtThresholds: JSON.stringify(above(value)) },
            })
          ).statusCode,
        ).toBe(200);
      const scope = { keyId: 0, devcId: w.gatewayId, devcUniqueId: w.gatewayUid, massId: w.massId, gateway: true };
      const url = (pgPool(t.database) as unknown as { options: { connectionString: string } }).options.connectionString;
      const temp = (ts: number, temperature: number) => ({ device: w.uid.temperature, ts, data: { temperature } });
      const events = async () => (await w.events(hot)).map((e) => [e.timestamp - T0, e.status, e.duration]);

      // b trusts its cache for an hour unless it meets a state its definitions do not explain
      const b = child(url, scope, { EVENT_CONFIG_CHECK_MS: '3600000' });
      expect((await b.send({ ingest: [temp(T0, 505)] })).ok).toBe(true);
      expect(await events()).toEqual([[0, 1, 0]]);
      await edit(510);
      // this process evaluates under the new threshold: the open event closes, the state records the new snapshot
      await w.ingest([temp(T0 + 10, 506)]);
      expect(await events()).toEqual([[0, 0, 10]]);
      // b meets that state, compares with the database and evaluates under > 510 too: 507 opens nothing
      expect((await b.send({ ingest: [temp(T0 + 20, 507)] })).ok).toBe(true);
      expect(await events()).toEqual([[0, 0, 10]]);
      expect((await b.send({ ingest: [temp(T0 + 30, 515)] })).ok).toBe(true);
      expect(await events()).toEqual([
        [0, 0, 10],
        [30, 1, 0],
      ]);
      await b.end();

      // c compares with the database at most a second after its last comparison (the default)
      const c = child(url, scope);
      expect((await c.send({ ingest: [temp(T0 + 40, 516)] })).ok).toBe(true);
      await edit(520);
      await new Promise((r) => setTimeout(r, 1200));
      // under > 520 the open event closes at 517; under the old > 510 it would stay open
      expect((await c.send({ ingest: [temp(T0 + 50, 517)] })).ok).toBe(true);
      expect(await events()).toEqual([
        [0, 0, 10],
        [30, 0, 20],
      ]);
      await c.end();
    } finally {
      await t.close();
    }
  }, 120_000);
});
