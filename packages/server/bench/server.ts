import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { liveHubOf } from '../src/modules/live/live-hub.ts';

/**
 * The server under benchmark, in its own process (its own core and its own memory figure):
 * the real app over the database named by DATABASE_URL, on a free loopback port it reports to the parent.
 */
const config = loadConfig({ ...process.env, DEMO: '0', SIMULATOR: '0', MQTT_URL: '', LOG_LEVEL: 'warn' });
const database = openDatabase(config.databaseUrl, { cacheKb: config.sqliteCacheMb * 1024 });
// a data set kept by an earlier run (BENCH_DIR, summary-ab.ts) is brought to this checkout's schema, as `npm start` does
await migrate(database);
const app = await buildApp({ database, config, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
// AB_CPU_PROF=<dir>: the parent's { profile: 'start' | 'stop' } brackets a V8 CPU profile of the measured work only
const { Session } = await import('node:inspector/promises');
let profileSession: InstanceType<typeof Session> | undefined;
process.on('message', async (m: { stop?: boolean; live?: boolean; memory?: boolean; profile?: 'start' | 'stop' }) => {
  // where the resident memory is (bench/scale.ts): V8's heap, buffers outside it, the rest is native (SQLite, code)
  if (m.memory) process.send?.({ memory: process.memoryUsage() });
  if (m.profile === 'start') {
    profileSession = new Session();
    profileSession.connect();
    await profileSession.post('Profiler.enable');
    await profileSession.post('Profiler.start');
    process.send?.({ profiling: true });
  }
  if (m.profile === 'stop' && profileSession) {
    const { profile } = await profileSession.post('Profiler.stop');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${process.env.AB_CPU_PROF}/${process.pid}.cpuprofile`, JSON.stringify(profile));
    profileSession.disconnect();
    process.send?.({ profiled: true });
  }
  // the live hub's sockets and closures (bench/live-slow.ts)
  if (m.live) {
    const hub = liveHubOf(database);
    process.send?.({
      live: {
        size: hub?.size ?? 0,
        closedCount: hub?.closedCount ?? { behind: 0, replaced: 0 },
        heapMb: process.memoryUsage().heapUsed / 2 ** 20,
      },
    });
  }
  if (!m.stop) return;
  await app.close();
  await database.close();
  process.exit(0);
});
