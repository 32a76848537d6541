import { litresAt15 } from '@fleet/shared/volume-correction.ts';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { STATS_V1, statTypeV1 } from './telemetry-v1.ts';

/**
 * Per-segment columns (docs/domain.md §5, §6, §11; docs/decisions.md "Per-segment columns at ingest"): each reading
 * stores what it credits — the span of its segment, a GPS fix's distance on that span, a flow meter's totaliser
 * deltas — computed by ingest from the device's previous readings, and rolled up hourly and daily like a data point
 * (`<column>_n/_sum/_min/_max/_fv/_ft/_lv/_lt`). This migration adds the columns and fills them for the readings
 * already stored, with the definitions as ingest applies them (telemetry/ingest.ts `deriveSegments`):
 * - `span` = min(t_b − t_a, G), a = the previous sample of the device (GPS: a fix, latitude and longitude; RPM and
 *   AE: rpm; temperature: temperature; flow meter: volume_flowrate), G = 3 600 s for GPS, 60 s otherwise; null for
 *   a reading that is not a sample and for the device's first sample;
 * - `span_distance` = distance × span / (t_b − t_a) (null where span is);
 * - `volume_delta`, `mass_delta` = V_b − V_a when ≥ 0, else 0 (a reset), 0 for the first totaliser reading, null
 *   without a totaliser reading; `volume15_delta` = volume_delta at 15 °C with the reading's density and temperature
 *   (0 for 0 litres, null without density or temperature) — Table 54B from @fleet/shared, the one copy.
 * Frozen here: the tables, the columns, the gap limits, the sample rules and the rollup geometry (UTC hours; local
 * days at +7). Spans and deltas are plain SQL on both engines (fillReadings: a backward seek on the key per reading,
 * several times faster on SQLite than LAG windows joined back to the table); the 15 °C litres, which need Table 54B's
 * fixed-point density, are computed here row by row; the rollups are filled from the readings (fillRollups).
 */
const G = 60;
const G_GPS = 3600;

/** The columns of each table, and the readings whose previous one sets them (the sample rule, §5). */
const TABLES = [
  {
    table: 'telemetry_gps',
    columns: ['span', 'span_distance'],
    sample: 'latitude is not null and longitude is not null',
  },
  { table: 'telemetry_rpm', columns: ['span'], sample: 'rpm is not null' },
  { table: 'telemetry_ae', columns: ['span'], sample: 'rpm is not null' },
  { table: 'telemetry_temperature', columns: ['span'], sample: 'temperature is not null' },
  {
    table: 'telemetry_flowmeter',
    columns: ['span', 'volume_delta', 'volume15_delta', 'mass_delta'],
    sample: 'volume_flowrate is not null',
  },
] as const;
const TOTALISERS = [
  { total: 'volume_inventory', delta: 'volume_delta' },
  { total: 'mass_inventory', delta: 'mass_delta' },
] as const;

/** The previous reading's `column` among a device's readings that match `where` (p.…), for the row being updated. */
const previous = (table: string, column: string, where: string) =>
  `(select p.${column} from ${table} as p where p.device_id = ${table}.device_id and p.ts < ${table}.ts
      and ${where.replace(/\b(\w+) is not null/g, 'p.$1 is not null')} order by p.ts desc limit 1)`;
const clamp = (v: string, limit: number) => `case when ${v} > ${limit} then ${limit} else ${v} end`;
/** §11 a totaliser's delta from its previous value (held in the delta column by the first pass) */
const delta = (total: string, prev: string) =>
  `case when ${total} is null then null when ${prev} is null then 0 when ${total} >= ${prev} then ${total} - ${prev} else 0 end`;

const LEVELS = [
  { name: 'hourly', size: 3600 },
  { name: 'daily', size: 86400 },
] as const;

/**
 * The raw readings. SQLite: two passes over each table — first each reading's previous one by a seek on the key
 * (device, ts) backwards, one index lookup per reading and no sort (the span column takes t_b − t_a of a sample, a
 * delta column the previous totaliser value); then the limits and rules of §5, §6, §11 on those values, row by row
 * (an UPDATE reads every column as it was before it). PostgreSQL, where every updated row is a new row version with
 * its index entries, one pass: LAG over each chain (a window partitioned by device and by whether the reading takes
 * part in the chain), joined back on the key.
 */
async function fillReadings(db: Kysely<unknown>, t: (typeof TABLES)[number], dialect: Dialect): Promise<void> {
  const limit = t.table === 'telemetry_gps' ? G_GPS : G;
  const flow = t.table === 'telemetry_flowmeter';
  if (dialect === 'postgres') {
    const l = 's.l';
    const span = `${l} - greatest(${l} - ${limit}, 0)`; // min(L, G), null for the first sample
    const set = [`span = ${span}`];
    const select = [
      'device_id',
      'ts',
      `case when ${t.sample} then ts - lag(ts) over (partition by device_id, (${t.sample}) order by ts) end as l`,
    ];
    if (t.table === 'telemetry_gps') set.push(`span_distance = ${t.table}.distance * (${span}) / ${l}`);
    if (flow) {
      for (const x of TOTALISERS) {
        select.push(
          `lag(${x.total}) over (partition by device_id, (${x.total} is null) order by ts) as prev_${x.total}`,
        );
        set.push(`${x.delta} = ${delta(`${t.table}.${x.total}`, `s.prev_${x.total}`)}`);
      }
      set.push(
        `volume15_delta = case when (${delta(`${t.table}.volume_inventory`, 's.prev_volume_inventory')}) = 0 then 0 end`,
      );
    }
    const any = flow ? `${t.table}.volume_inventory is not null or ${t.table}.mass_inventory is not null or ` : '';
    await sql
      .raw(
        `update ${t.table} set ${set.join(', ')}
           from (select ${select.join(', ')} from ${t.table}) as s
          where ${t.table}.device_id = s.device_id and ${t.table}.ts = s.ts and (${any}s.l is not null)`,
      )
      .execute(db);
    return;
  }

  const set = [`span = case when ${t.sample} then ts - ${previous(t.table, 'ts', t.sample)} end`];
  if (flow)
    for (const x of TOTALISERS)
      set.push(
        `${x.delta} = case when ${x.total} is not null then ${previous(t.table, x.total, `${x.total} is not null`)} end`,
      );
  await sql.raw(`update ${t.table} set ${set.join(', ')}`).execute(db);

  const second = [`span = ${clamp('span', limit)}`];
  if (t.table === 'telemetry_gps') second.push(`span_distance = distance * (${clamp('span', limit)}) / span`);
  if (flow) {
    for (const x of TOTALISERS) second.push(`${x.delta} = ${delta(x.total, x.delta)}`);
    // 0 litres are 0 at 15 °C; the readings with litres are corrected afterwards (fillLitres15)
    second.push(`volume15_delta = case when (${delta('volume_inventory', 'volume_delta')}) = 0 then 0 end`);
  }
  const any = flow ? 'volume_inventory is not null or mass_inventory is not null or ' : '';
  await sql.raw(`update ${t.table} set ${second.join(', ')} where ${any}span is not null`).execute(db);
}

/**
 * The rollups' new statistics: each hourly row from its hour's readings (a range of the key: no sort), each daily
 * row from its hours (a local day at +7 is 24 whole UTC hours), then the first and last values by the key.
 */
async function fillRollups(db: Kysely<unknown>, t: (typeof TABLES)[number]): Promise<void> {
  for (const level of LEVELS) {
    const rollup = `${t.table}_${level.name}`;
    const targets = t.columns.flatMap((c) => ['n', 'sum', 'min', 'max', 'ft', 'lt'].map((s) => `${c}_${s}`));
    const values =
      level.name === 'hourly'
        ? t.columns.flatMap((c) => [
            `count(${c})`,
            `coalesce(sum(${c}), 0)`,
            `min(${c})`,
            `max(${c})`,
            `min(case when ${c} is not null then ts end)`,
            `max(case when ${c} is not null then ts end)`,
          ])
        : t.columns.flatMap((c) => [
            `coalesce(sum(${c}_n), 0)`,
            `coalesce(sum(${c}_sum), 0)`,
            `min(${c}_min)`,
            `max(${c}_max)`,
            `min(${c}_ft)`,
            `max(${c}_lt)`,
          ]);
    const source = level.name === 'hourly' ? `${t.table} as r` : `${t.table}_hourly as r`;
    const key = level.name === 'hourly' ? 'ts' : 'bucket';
    await sql
      .raw(
        `update ${rollup} as g set (${targets.join(', ')}) =
           (select ${values.join(', ')} from ${source}
             where r.device_id = g.device_id and r.${key} >= g.bucket and r.${key} < g.bucket + ${level.size})`,
      )
      .execute(db);
    const ends = t.columns.flatMap((c) => [
      `${c}_fv = (select r.${c} from ${t.table} as r where r.device_id = g.device_id and r.ts = g.${c}_ft)`,
      `${c}_lv = (select r.${c} from ${t.table} as r where r.device_id = g.device_id and r.ts = g.${c}_lt)`,
    ]);
    await sql.raw(`update ${rollup} as g set ${ends.join(', ')}`).execute(db);
  }
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const t of TABLES) {
    for (const column of t.columns) await db.schema.alterTable(t.table).addColumn(column, 'double precision').execute();
    for (const level of LEVELS)
      for (const column of t.columns)
        for (const stat of STATS_V1)
          await db.schema
            .alterTable(`${t.table}_${level.name}`)
            .addColumn(`${column}_${stat}`, statTypeV1(stat) as 'integer', (c) =>
              stat === 'n' || stat === 'sum' ? c.notNull().defaultTo(0) : c,
            )
            .execute();
  }
  await fillSegments(db, dialect);
}

/** Fills the columns of every table and their rollup statistics from the stored readings (exported for its test). */
export async function fillSegments(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const t of TABLES) {
    await fillReadings(db, t, dialect);
    if (t.table === 'telemetry_flowmeter') await fillLitres15(db, dialect);
    await fillRollups(db, t);
  }
}

/**
 * volume15_delta of the readings with litres: volume_delta × VCF at the reading's density and temperature, device by
 * device (a range of the key), written back in statements of CHUNK rows.
 */
async function fillLitres15(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const CHUNK = 2000;
  const devices = await sql<{ d: number }>`select distinct device_id as d from telemetry_flowmeter`.execute(db);
  for (const { d } of devices.rows) {
    const rows = (
      await sql<{ t: number; v: number; rho: number | null; temp: number | null }>`
        select ts as t, volume_delta as v, density as rho, temperature as temp from telemetry_flowmeter
         where device_id = ${Number(d)} and volume_delta > 0`.execute(db)
    ).rows;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const part = rows.slice(i, i + CHUNK);
      const tss = part.map((r) => Number(r.t));
      const values = part.map((r) =>
        litresAt15(Number(r.v), r.rho === null ? null : Number(r.rho), r.temp === null ? null : Number(r.temp)),
      );
      if (dialect === 'postgres')
        await sql`update telemetry_flowmeter as f set volume15_delta = u.v
                    from unnest(${tss}::int8[], ${values}::float8[]) as u(t, v)
                   where f.device_id = ${Number(d)} and f.ts = u.t`.execute(db);
      else
        await sql`update telemetry_flowmeter set volume15_delta = u.column2
                    from (values ${sql.join(tss.map((t, j) => sql`(${t}, ${values[j]})`))}) as u
                   where telemetry_flowmeter.device_id = ${Number(d)} and telemetry_flowmeter.ts = u.column1`.execute(
          db,
        );
    }
  }
}
