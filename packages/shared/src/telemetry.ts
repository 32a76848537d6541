/**
 * What each device type sends and where it is stored: the data keys of docs/api.md "Data points per
 * device type", their table columns, the specs' column names used by aggregation functions
 * (`dlgpLatitude`, `dlfmVolInventory` …) and the plausible range a reading must fall in.
 */

export interface MetricDef {
  /** data key in readings and answers (camelCase, docs/api.md) */
  key: string;
  /** column in the typed table; its rollup statistics are `<column>_n`, `<column>_sum` … (rollup.ts) */
  column: string;
  /** the specs' column name without the type prefix: `VolInventory` → `dlfmVolInventory` */
  name: string;
  min: number;
  max: number;
  /** 0/1 flags: JSON booleans are accepted too */
  flag?: boolean;
  integer?: boolean;
  /** other names devices send for the same value (spec 000 §3 widgets read `heading`, `massFlowRate`) */
  aliases?: string[];
}

export type DeviceType = 'gps' | 'rpm' | 'ae' | 'flowmeter' | 'temperature' | 'power' | 'gateway' | 'tank' | 'tracker';

export interface DeviceTypeDef {
  type: DeviceType;
  table: string;
  /** prefix of the specs' aggregated column names */
  prefix: string;
  /** what devices send: the data points readings may carry, the series catalogue and the pulse list */
  metrics: MetricDef[];
  /**
   * Columns ingest computes per reading from the device's previous readings (docs/domain.md §5, §6, §11;
   * docs/architecture.md "Ingest"): stored and rolled up like a data point, never accepted from a device and never
   * in the series catalogue. `storedMetrics(def)` is both lists, in column order.
   */
  derived?: MetricDef[];
}

const BIG = 1e12;
const m = (key: string, column: string, name: string, min: number, max: number, extra: Partial<MetricDef> = {}) => ({
  key,
  column,
  name,
  min,
  max,
  ...extra,
});

/**
 * docs/domain.md §5: the gap limit G — the most time one sample's segment is credited with. The slowest regular
 * rate of the product's devices (the 1-minute history, spec 000 §9); a longer silence is a drop-out, not time.
 */
export const GAP_LIMIT = 60;
/**
 * docs/domain.md §5, §7: the gap limit of GPS fixes. A fix's distance covers the time since the previous fix, so its
 * time is credited up to an hour: trackers report every few minutes while sailing, and a 60 s limit would credit a
 * 3-minute fix a third of the time its distance took (three times the real speed).
 */
export const GPS_GAP_LIMIT = 3600;

/** §5 credited span of a sample: `min(L, G)` seconds before it (stored as `span`). */
const span = (limit: number) => m('span', 'span', 'Span', 0, limit);

/** docs/domain.md §7: a GPS fix is moving when its speed is above 1 knot (km/h); below is drift at anchor or alongside. */
export const MOVING_KMH = 1.852;

/** A state of a sample (docs/domain.md §5): the derived column holding its span, and the rule on the sample's values. */
export interface SpanStateRule {
  key: string;
  inState: (value: (key: string) => number | null) => boolean;
}

/**
 * The states whose time is a fixed rule of the sample itself (docs/domain.md §7, §10, §15), one definition for ingest
 * (segments.ts stores the span of a sample in its state as a derived column, 0 when it is not) — the rpm threshold of
 * §9 is each engine's own setting and is read at query time instead.
 */
export const SPAN_STATE_RULES: Partial<Record<DeviceType, SpanStateRule>> = {
  /** §7: a fix with a speed above MOVING_KMH; a fix without a speed is not moving */
  gps: { key: 'movingSpan', inState: (v) => (v('speed') ?? 0) > MOVING_KMH },
  /** §10: the AE's running flag when the sample has one, else rpm above 0 */
  ae: { key: 'runningSpan', inState: (v) => (v('running') !== null ? v('running') === 1 : (v('rpm') ?? 0) > 0) },
  /** §15: a supply meter's flow rate above 0 */
  flowmeter: { key: 'flowSpan', inState: (v) => (v('volumeFlowrate') ?? 0) > 0 },
};

const pct = (key: string, column: string, name: string) => m(key, column, name, 0, 100);

export const TELEMETRY_TYPES: Record<DeviceType, DeviceTypeDef> = {
  gps: {
    type: 'gps',
    table: 'telemetry_gps',
    prefix: 'dlgp',
    metrics: [
      m('latitude', 'latitude', 'Latitude', -90, 90),
      m('longitude', 'longitude', 'Longitude', -180, 180),
      m('speed', 'speed', 'Speed', 0, 200), // km/h; the fastest vessels do ~100
      m('track', 'track', 'Track', 0, 360, { aliases: ['heading'] }),
      m('altitude', 'altitude', 'Altitude', -1000, 20000),
      m('satellites', 'satellites', 'Satellites', 0, 128, { integer: true }),
      m('geoidal', 'geoidal', 'Geoidal', -200, 200),
      m('distance', 'distance', 'Distance', 0, 1e7), // m since the previous fix
    ],
    derived: [
      span(GPS_GAP_LIMIT), // s: §5, a = the previous fix (latitude and longitude); null for a reading without a position
      m('spanDistance', 'span_distance', 'SpanDistance', 0, 1e7), // m credited on the span: §6 distance × span / L
      m('movingSpan', 'moving_span', 'MovingSpan', 0, GPS_GAP_LIMIT), // s: the span when the fix is moving (§7), else 0
    ],
  },
  rpm: {
    type: 'rpm',
    table: 'telemetry_rpm',
    prefix: 'dlrp',
    metrics: [m('rpm', 'rpm', 'Rpm', 0, 5000)],
    derived: [span(GAP_LIMIT)],
  },
  ae: {
    type: 'ae',
    table: 'telemetry_ae',
    prefix: 'dlae',
    metrics: [m('rpm', 'rpm', 'Rpm', 0, 5000), m('running', 'running', 'Running', 0, 1, { flag: true })],
    // running_span: the span when the sample is running (§10), else 0
    derived: [span(GAP_LIMIT), m('runningSpan', 'running_span', 'RunningSpan', 0, GAP_LIMIT)],
  },
  flowmeter: {
    type: 'flowmeter',
    table: 'telemetry_flowmeter',
    prefix: 'dlfm',
    metrics: [
      m('massFlowrate', 'mass_flowrate', 'MassFlowrate', 0, 1e6), // kg/h
      m('volumeFlowrate', 'volume_flowrate', 'VolFlowrate', 0, 1e6), // L/h
      m('density', 'density', 'Density', 0, 2000), // kg/m³
      m('temperature', 'temperature', 'Temp', -60, 400),
      m('pressure', 'pressure', 'Pressure', -1, 1000), // bar
      m('massTotal', 'mass_total', 'MassTotal', 0, BIG), // totalisers never go negative
      m('volumeTotal', 'volume_total', 'VolTotal', 0, BIG),
      m('massInventory', 'mass_inventory', 'MassInventory', 0, BIG),
      m('volumeInventory', 'volume_inventory', 'VolInventory', 0, BIG),
    ],
    derived: [
      span(GAP_LIMIT), // presence: volumeFlowrate
      m('volumeDelta', 'volume_delta', 'VolDelta', 0, BIG), // L since the previous volumeInventory reading (§11)
      m('volume15Delta', 'volume15_delta', 'Vol15Delta', 0, BIG), // those litres at 15 °C (§11)
      m('massDelta', 'mass_delta', 'MassDelta', 0, BIG), // kg since the previous massInventory reading (§11)
      m('flowSpan', 'flow_span', 'FlowSpan', 0, GAP_LIMIT), // s: the span when the flow rate is above 0 (§15), else 0
    ],
  },
  temperature: {
    type: 'temperature',
    table: 'telemetry_temperature',
    prefix: 'dltm',
    // no derived span: no figure reads a temperature sensor's time (its mean is of its samples, §16); migration 026
    metrics: [m('temperature', 'temperature', 'Temp', -60, 1500)], // exhaust gas reaches ~600 °C
  },
  power: {
    type: 'power',
    table: 'telemetry_power',
    prefix: 'dlpw',
    metrics: [
      m('onAc', 'on_ac', 'OnAc', 0, 1, { flag: true }),
      m('batteryFail', 'battery_fail', 'BatteryFail', 0, 1, { flag: true }),
      m('batteryVoltage', 'battery_voltage', 'BatteryVoltage', 0, 100),
    ],
  },
  gateway: {
    type: 'gateway',
    table: 'telemetry_gateway',
    prefix: 'dlgw',
    metrics: [
      pct('cpuUsage', 'cpu_usage', 'CpuUsage'),
      pct('memoryFree', 'memory_free', 'MemoryFree'),
      pct('spaceFree', 'space_free', 'SpaceFree'),
      m('uptime', 'uptime', 'Uptime', 0, BIG),
      pct('battery', 'battery', 'Battery'),
      m('memory', 'memory', 'Memory', 0, 1e7), // MB total
    ],
  },
  tank: {
    type: 'tank',
    table: 'telemetry_tank',
    prefix: 'dltk',
    metrics: [
      m('level', 'level', 'Level', 0, 1e5), // mm
      m('volume', 'volume', 'Volume', 0, BIG), // L
      m('temperature', 'temperature', 'Temp', -60, 400),
    ],
  },
  tracker: {
    type: 'tracker',
    table: 'telemetry_tracker',
    prefix: 'dltr',
    metrics: [
      m('latitude', 'latitude', 'Latitude', -90, 90),
      m('longitude', 'longitude', 'Longitude', -180, 180),
      m('altitude', 'altitude', 'Altitude', -1000, 20000),
      m('angle', 'angle', 'Angle', 0, 360, { aliases: ['heading'] }),
      m('speed', 'speed', 'Speed', 0, 500), // km/h
      m('satellites', 'satellites', 'Satellites', 0, 128, { integer: true }),
    ],
  },
};

export const TELEMETRY_TYPE_NAMES = Object.keys(TELEMETRY_TYPES) as DeviceType[];

/**
 * The device table's `devcType` → telemetry type. The device list filter spells 'Temperature'
 * (spec 000 §3) and Teltonika trackers may be typed either way, so matching is forgiving.
 */
export function telemetryType(devcType: string | null | undefined): DeviceType | undefined {
  const t = (devcType ?? '').trim().toLowerCase();
  if (t === 'teltonika') return 'tracker';
  return (TELEMETRY_TYPES as Record<string, DeviceTypeDef>)[t]?.type;
}

/**
 * The `devcType` texts (trimmed, lower case) that telemetryType maps to `type`: a list of devices of one type can be
 * filtered in SQL instead of reading every device of the fleet.
 */
export function devcTypeNames(type: DeviceType): string[] {
  const names = Object.keys(TELEMETRY_TYPES).filter((k) => TELEMETRY_TYPES[k as DeviceType].type === type);
  return type === 'tracker' ? [...names, 'teltonika'] : names;
}

/** Every stored column of a type in table order: the data points, then the derived columns (rollups, inserts). */
export const storedMetrics = (def: DeviceTypeDef): MetricDef[] =>
  def.derived ? [...def.metrics, ...def.derived] : def.metrics;

/** §5 the gap limit of a type's samples: G_GPS for GPS fixes, G for the others. */
export const gapLimit = (type: DeviceType) => (type === 'gps' ? GPS_GAP_LIMIT : GAP_LIMIT);

/** The specs' column name of a metric: `dlfmVolInventory`. */
export const specColumn = (def: DeviceTypeDef, metric: MetricDef) => def.prefix + metric.name;

/**
 * A column argument as clients send it: the specs' name (`dlfmVolInventory`), without prefix
 * (`VolInventory`), the data key (`volumeInventory`) or the table column — case-insensitive.
 */
export function findMetric(def: DeviceTypeDef, arg: string): MetricDef | undefined {
  const a = arg.trim().toLowerCase();
  return def.metrics.find(
    (x) =>
      x.key.toLowerCase() === a ||
      x.column === a ||
      x.name.toLowerCase() === a ||
      (def.prefix + x.name).toLowerCase() === a,
  );
}

/**
 * A stored column (data point or derived, `storedMetrics`) by data key or column — for the server's own readers
 * (the summary); what clients name goes through `findMetric`, which knows the data points only.
 */
export function findStoredMetric(def: DeviceTypeDef, arg: string): MetricDef | undefined {
  return findMetric(def, arg) ?? def.derived?.find((x) => x.key === arg || x.column === arg);
}

/**
 * The timezone (hours) of the daily rollups: the product's, which every spec call sends (`timezone=7`).
 * DAY, WEEK and MONTH series in this timezone read the daily rollups; other timezones read the hourly rollups.
 */
export const DAILY_ROLLUP_TZ = 7;

export const AGG_FUNCTIONS = ['AVG', 'SUM', 'MIN', 'MAX', 'COUNT', 'FIRST', 'LAST', 'COUNTGT'] as const;
export type AggFunction = (typeof AGG_FUNCTIONS)[number];

export const AGG_UNITS = ['MINUTE', 'HOUR', 'DAY', 'WEEK', 'MONTH'] as const;
export type AggUnit = (typeof AGG_UNITS)[number];
