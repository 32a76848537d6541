import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Issue 29: the CPU of writing the year-at-DAY series answers (one call per device type of the first vessel, every
 * data point at its default function) as JSON text and its Buffer, by two checkouts' own `aggregate` and
 * `aggregatedJson`, in this process — no HTTP, no socket, so a loaded machine blurs it far less than summary-ab.ts.
 * The rows are read once per side; A and B alternate first; medians over 12 rounds of 5. Also checks that both
 * sides write the same text.
 *
 *   npx tsx packages/server/bench/series-json-ab.ts <BENCH_DIR of a year> <rootA> <rootB>
 */
const [dir, rootA, rootB] = process.argv.slice(2);
if (!dir || !rootA || !rootB) throw new Error('usage: series-json-ab.ts <BENCH_DIR> <rootA> <rootB>');
const world = JSON.parse(readFileSync(resolve(dir, 'world.json'), 'utf8')) as {
  vessels: { devices: { uid: string; type: string }[] }[];
};
const END = Math.floor(Date.now() / 1000 / 86400) * 86400;
const devices = world.vessels[0].devices;

async function side(root: string) {
  const src = resolve(root, 'packages/server/src');
  const { openDatabase } = await import(`${src}/db/database.ts`);
  const { aggregate } = await import(`${src}/modules/telemetry/series.ts`);
  const { aggregatedJson } = await import(`${src}/modules/telemetry/series-answers.ts`);
  const { TELEMETRY_TYPES, telemetryType } = await import(`${resolve(root, 'packages/shared/src')}/telemetry.ts`);
  const database = openDatabase(`sqlite:${resolve(dir, 'bench.db')}`);
  const ids = new Map<string, number>();
  for (const r of database.sqlite.prepare('select devc_id, devc_unique_id from device').all() as {
    devc_id: number;
    devc_unique_id: string;
  }[])
    ids.set(r.devc_unique_id, r.devc_id);
  const texts: (() => string)[] = [];
  for (const typeName of new Set(devices.map((d) => d.type))) {
    const type = telemetryType(typeName);
    const def = TELEMETRY_TYPES[type];
    const devs = devices
      .filter((d) => d.type === typeName)
      .map((d) => ({ devcId: ids.get(d.uid), devcUniqueId: d.uid, devcLabel: typeName, devcMassId: 1, type }));
    const keys = def.metrics.map((m: { key: string }) => m.key);
    const functions = keys.map((column: string) => ({ name: type === 'tracker' ? 'LAST' : 'AVG', column }));
    const rows = await aggregate(database, {
      type,
      deviceIds: devs.map((d) => d.devcId),
      start: END - 365 * 86400,
      end: END,
      unit: 'DAY',
      length: 1,
      tz: 7,
      functions,
    });
    const dupOf = keys.map(() => -1);
    texts.push(() => aggregatedJson(rows, devs, keys, [], dupOf));
  }
  return texts;
}

const sides = { A: await side(rootA), B: await side(rootB) };
const same = sides.A.every((text, i) => text() === sides.B[i]());
const bytes = sides.A.reduce((s, text) => s + Buffer.byteLength(text()), 0);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const spent: Record<'A' | 'B', number[]> = { A: [], B: [] };
for (let r = 0; r < 12; r++)
  for (const k of (r % 2 ? ['B', 'A'] : ['A', 'B']) as ('A' | 'B')[]) {
    const c0 = cpuMs();
    for (let i = 0; i < 5; i++) for (const text of sides[k]) Buffer.from(text());
    spent[k].push((cpuMs() - c0) / 5);
  }
const median = (x: number[]) => [...x].sort((a, b) => a - b)[x.length >> 1];
console.log(`${sides.A.length} answers, ${(bytes / 1024).toFixed(0)} KB, the same text on both sides: ${same}`);
console.log(`JSON text + Buffer, CPU per set: A ${median(spent.A).toFixed(1)} ms, B ${median(spent.B).toFixed(1)} ms`);
