/**
 * The telemetry schema as migrations 002–003 created it, frozen: the device types, their tables and data-point
 * columns, the rollup statistics and levels. Migrations read these lists and never the live catalogue
 * (`@fleet/shared/telemetry.ts`), so adding a data point to the catalogue cannot change what an old migration
 * builds. A data point added later gets its own migration (docs/architecture.md "Adding a data point"), and the
 * test `test/telemetry/schema.test.ts` checks that the migrated database has a column for every catalogue entry.
 */
export const TYPES_V1 = [
  {
    type: 'gps',
    table: 'telemetry_gps',
    columns: ['latitude', 'longitude', 'speed', 'track', 'altitude', 'satellites', 'geoidal', 'distance'],
  },
  { type: 'rpm', table: 'telemetry_rpm', columns: ['rpm'] },
  { type: 'ae', table: 'telemetry_ae', columns: ['rpm', 'running'] },
  {
    type: 'flowmeter',
    table: 'telemetry_flowmeter',
    columns: [
      'mass_flowrate',
      'volume_flowrate',
      'density',
      'temperature',
      'pressure',
      'mass_total',
      'volume_total',
      'mass_inventory',
      'volume_inventory',
    ],
  },
  { type: 'temperature', table: 'telemetry_temperature', columns: ['temperature'] },
  { type: 'power', table: 'telemetry_power', columns: ['on_ac', 'battery_fail', 'battery_voltage'] },
  {
    type: 'gateway',
    table: 'telemetry_gateway',
    columns: ['cpu_usage', 'memory_free', 'space_free', 'uptime', 'battery', 'memory'],
  },
  { type: 'tank', table: 'telemetry_tank', columns: ['level', 'volume', 'temperature'] },
  {
    type: 'tracker',
    table: 'telemetry_tracker',
    columns: ['latitude', 'longitude', 'altitude', 'angle', 'speed', 'satellites'],
  },
] as const;
export type TypeV1 = (typeof TYPES_V1)[number];

/** The timezone (hours) of the daily rollups. */
export const DAILY_TZ_V1 = 7;

/** Rollup levels: `<table>_hourly` (UTC hours) and `<table>_daily` (local days at +7). */
export const LEVELS_V1 = ['hourly', 'daily'] as const;

/** Statistics per data point, in column order, `<column>_<stat>`, with their SQL types. */
export const STATS_V1 = ['n', 'sum', 'min', 'max', 'fv', 'ft', 'lv', 'lt'] as const;
export type StatV1 = (typeof STATS_V1)[number];
export const statTypeV1 = (stat: StatV1): 'integer' | 'bigint' | 'double precision' =>
  stat === 'n' ? 'integer' : stat === 'ft' || stat === 'lt' ? 'bigint' : 'double precision';

/** The device table's `devc_type` → the telemetry type, as these migrations read it. */
export function telemetryTypeV1(devcType: string | null | undefined): TypeV1 | undefined {
  const t = (devcType ?? '').trim().toLowerCase();
  return TYPES_V1.find((x) => x.type === (t === 'teltonika' ? 'tracker' : t));
}
