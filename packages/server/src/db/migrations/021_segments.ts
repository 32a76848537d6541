import { litresAt15 } from '@fleet/shared/volume-correction.ts';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { DAILY_TZ_V1, STATS_V1, statTypeV1 } from './telemetry-v1.ts';

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
 * days at +7). Spans and deltas are window functions (LAG over a device's samples in time order; SQLite ≥ 3.25 and
 * PostgreSQL); the 15 °C litres, which need Table 54B's fixed-point density, are computed here row by row.
 */
const G = 60;
const G_GPS = 3600;

/**
 * One chain of a table: the readings that take part (the sample or totaliser rule), in time order per device. Its
 * expressions read `s.l` (t_b − t_a, null for the device's first), `s.prev_<column>` (the previous reading's value
 * of a `lag` column) and the reading's own columns as `s.<column>` (`carry`).
 */
interface Chain {
  where: string;
  set: Record<string, string>;
  lag?: string[];
  carry?: string[];
}

const spanOf = (limit: number) => `case when s.l > ${limit} then ${limit} else s.l end`;
const deltaOf = (c: string) =>
  `case when s.prev_${c} is null then 0 when s.${c} >= s.prev_${c} then s.${c} - s.prev_${c} else 0 end`;

const TABLES: { table: string; columns: string[]; chains: Chain[] }[] = [
  {
    table: 'telemetry_gps',
    columns: ['span', 'span_distance'],
    chains: [
      {
        where: 'latitude is not null and longitude is not null',
        carry: ['distance'],
        set: { span: spanOf(G_GPS), span_distance: `s.distance * (${spanOf(G_GPS)}) / s.l` },
      },
    ],
  },
  { table: 'telemetry_rpm', columns: ['span'], chains: [{ where: 'rpm is not null', set: { span: spanOf(G) } }] },
  { table: 'telemetry_ae', columns: ['span'], chains: [{ where: 'rpm is not null', set: { span: spanOf(G) } }] },
  {
    table: 'telemetry_temperature',
    columns: ['span'],
    chains: [{ where: 'temperature is not null', set: { span: spanOf(G) } }],
  },
  {
    table: 'telemetry_flowmeter',
    columns: ['span', 'volume_delta', 'volume15_delta', 'mass_delta'],
    chains: [
      { where: 'volume_flowrate is not null', set: { span: spanOf(G) } },
      {
        where: 'volume_inventory is not null',
        lag: ['volume_inventory'],
        carry: ['volume_inventory'],
        // 0 litres are 0 at 15 °C; the readings with litres are corrected afterwards (fillLitres15)
        set: {
          volume_delta: deltaOf('volume_inventory'),
          volume15_delta: `case when (${deltaOf('volume_inventory')}) = 0 then 0 end`,
        },
      },
      {
        where: 'mass_inventory is not null',
        lag: ['mass_inventory'],
        carry: ['mass_inventory'],
        set: { mass_delta: deltaOf('mass_inventory') },
      },
    ],
  },
];

const LEVELS = [
  { name: 'hourly', size: 3600, shift: 0 },
  { name: 'daily', size: 86400, shift: DAILY_TZ_V1 * 3600 },
] as const;

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

    // the raw readings: one pass per chain, LAG over the device's readings that take part, in time order. A span
    // exists from the second sample on (s.l not null); a delta from the first totaliser reading on.
    for (const chain of t.chains) {
      const select = [
        'device_id',
        'ts',
        'ts - lag(ts) over w as l',
        ...(chain.carry ?? []),
        ...(chain.lag ?? []).map((c) => `lag(${c}) over w as prev_${c}`),
      ];
      const set = Object.entries(chain.set).map(([c, v]) => `${c} = ${v}`);
      const first = chain.set.span ? ' and s.l is not null' : '';
      await sql
        .raw(
          `update ${t.table} set ${set.join(', ')}
             from (select ${select.join(', ')} from ${t.table} where ${chain.where}
                   window w as (partition by device_id order by ts)) as s
            where ${t.table}.device_id = s.device_id and ${t.table}.ts = s.ts${first}`,
        )
        .execute(db);
    }
    if (t.table === 'telemetry_flowmeter') await fillLitres15(db, dialect);

    // the rollups' new statistics: one grouped pass per column and level over the readings that have a value
    for (const level of LEVELS) {
      const rollup = `${t.table}_${level.name}`;
      const bucket = `((ts + ${level.shift}) / ${level.size}) * ${level.size} - ${level.shift}`;
      for (const c of t.columns)
        await sql
          .raw(
            `update ${rollup} set ${c}_n = a.n, ${c}_sum = a.s, ${c}_min = a.mn, ${c}_max = a.mx,
                    ${c}_fv = a.fv, ${c}_ft = a.ft, ${c}_lv = a.lv, ${c}_lt = a.lt
               from (select device_id, b, count(*) as n, sum(v) as s, min(v) as mn, max(v) as mx,
                            min(ts) as ft, max(ts) as lt, max(fv) as fv, max(lv) as lv
                       from (select device_id, ts, ${c} as v, ${bucket} as b,
                                    first_value(${c}) over w as fv, last_value(${c}) over w as lv
                               from ${t.table} where ${c} is not null
                             window w as (partition by device_id, ${bucket} order by ts
                                          rows between unbounded preceding and unbounded following)) as x
                      group by device_id, b) as a
              where ${rollup}.device_id = a.device_id and ${rollup}.bucket = a.b`,
          )
          .execute(db);
    }
  }
}

/** volume15_delta of the readings with litres: volume_delta × VCF at the reading's density and temperature. */
async function fillLitres15(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const CHUNK = 20000;
  let after: [number, number] = [-1, -1];
  for (;;) {
    const rows = (
      await sql<{ d: number; t: number; v: number; rho: number | null; temp: number | null }>`
        select device_id as d, ts as t, volume_delta as v, density as rho, temperature as temp
          from telemetry_flowmeter
         where volume_delta > 0 and (device_id > ${after[0]} or (device_id = ${after[0]} and ts > ${after[1]}))
         order by device_id, ts limit ${CHUNK}`.execute(db)
    ).rows;
    if (!rows.length) return;
    const ids: number[] = [];
    const tss: number[] = [];
    const values: (number | null)[] = [];
    for (const r of rows) {
      ids.push(Number(r.d));
      tss.push(Number(r.t));
      values.push(
        litresAt15(Number(r.v), r.rho === null ? null : Number(r.rho), r.temp === null ? null : Number(r.temp)),
      );
    }
    if (dialect === 'postgres')
      await sql`update telemetry_flowmeter as f set volume15_delta = u.v
                  from unnest(${ids}::int4[], ${tss}::int8[], ${values}::float8[]) as u(d, t, v)
                 where f.device_id = u.d and f.ts = u.t`.execute(db);
    else {
      // one statement per 300 rows (SQLite's parameter limit is far above 900)
      for (let i = 0; i < rows.length; i += 300) {
        const part = rows.slice(i, i + 300);
        const vals = part.map((_, j) => sql`(${ids[i + j]}, ${tss[i + j]}, ${values[i + j]})`);
        await sql`update telemetry_flowmeter set volume15_delta = u.column3
                    from (values ${sql.join(vals)}) as u
                   where telemetry_flowmeter.device_id = u.column1 and telemetry_flowmeter.ts = u.column2`.execute(db);
      }
    }
    const last = rows[rows.length - 1];
    after = [Number(last.d), Number(last.t)];
  }
}
