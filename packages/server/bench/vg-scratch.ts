import { existsSync } from 'node:fs';
import { benchFleet, generateReadings } from '@fleet/simulator';
import { INGEST_STAGES } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { resolveDeviceKey } from '../src/modules/telemetry/device-keys.ts';
import { ingestReadings } from '../src/modules/telemetry/ingest.ts';
import { detectLegs, motionHours } from '../src/modules/voyages/detect.ts';
import { classifyStop } from '../src/modules/voyages/places.ts';
import { detectFrom, voyageVessel } from '../src/modules/voyages/redetect.ts';
import { readRunning, readTrack } from '../src/modules/voyages/track-read.ts';
import { seed } from './ingest-input.ts';

const url = 'sqlite:/tmp/vg-year/bench.db';
const fleet = benchFleet(1);
if (!existsSync('/tmp/vg-year/bench.db')) {
  const keys = await seed('/work/wt-voyages', url, fleet);
  const database = openDatabase(url);
  const spec = fleet[0];
  const gateway = spec.devices.find((d) => d.type === 'gateway')!.uniqueId;
  const scope = await resolveDeviceKey(database, keys.get(gateway)!);
  const wanted = new Set(spec.devices.filter((d) => d.type === 'gps' || d.type === 'rpm').map((d) => d.uniqueId));
  const end = Math.floor(Date.now() / 1000 / 86400) * 86400;
  for (const batch of generateReadings({
    seed: 'bench',
    vessels: [spec],
    start: end - 365 * 86400,
    end,
    stepSeconds: 60,
    batchSteps: 1440,
  }))
    await ingestReadings(
      { database, stages: INGEST_STAGES },
      scope!,
      batch.filter((r) => wanted.has(r.device)),
    );
  await database.close();
}
const database = openDatabase(url);
classifyStop(0, 0);
const vessel = (await voyageVessel(database.db, 1))!;
for (let i = 0; i < 3; i++) {
  const c = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  let c0 = c();
  let t0 = performance.now();
  const track = await readTrack(database, vessel.gps!, 0);
  const tr = [performance.now() - t0, c() - c0];
  c0 = c();
  t0 = performance.now();
  const running = await readRunning(database, vessel.rpm, 0);
  const rr = [performance.now() - t0, c() - c0];
  c0 = c();
  t0 = performance.now();
  const legs = detectLegs(track, running, { tug: vessel.tug, classify: classifyStop });
  const dl = [performance.now() - t0, c() - c0];
  c0 = c();
  t0 = performance.now();
  const mh = motionHours(track, running, 0);
  const m = [performance.now() - t0, c() - c0];
  console.log({
    track: tr.map(Math.round),
    running: rr.map(Math.round),
    detect: dl.map(Math.round),
    motion: m.map(Math.round),
    legs: legs.length,
    hours: mh.length,
    runIv: running.start.length,
  });
}
