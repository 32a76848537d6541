/**
 * What the Device Log Detail screen asks the aggregated series for (spec 000 §2, §9; docs/domain.md §22), shared by
 * the web screen and the benchmark (packages/server/bench/device-detail.ts).
 */

/** Data intervals and their seconds (spec 000 §9). */
export const INTERVALS = { MINUTE: 60, HOUR: 3600, DAY: 86400, WEEK: 604800, MONTH: 2592000 } as const;
export type Interval = keyof typeof INTERVALS;

/** At most this many points on a chart; beyond it points are grouped (spec 000 §9). */
export const MAX_POINTS = 50;

/**
 * Points grouped per bucket (spec 000 §9): the range holds `points` intervals; up to 50 each is a bucket, beyond
 * that buckets of ceil(points / 50) intervals, so a chart never has more than 50 points.
 */
export function bucketLength(start: number, end: number, unit: Interval): number {
  const points = Math.ceil(Math.max(0, end - start) / INTERVALS[unit]);
  return points > MAX_POINTS ? Math.ceil(points / MAX_POINTS) : 1;
}

/**
 * The extra functions per device type (`functionNames[]`); function i is read back as
 * `additional['<FUNC>_<column>_<i>']`. The primary function is AVG, asked for by name (`primaryFunctionName`): the
 * screen shows means of data points no extra function names, and a call with extra functions alone gets the means of
 * the named ones only (docs/api.md "Aggregated series").
 */
export const WIDGET_FUNCTIONS: Record<string, string[]> = {
  gps: ['SUM(dlgpDistance)', 'COUNT(dlgpSpeed)', 'MAX(dlgpSpeed)', 'LAST(dlgpLatitude)', 'LAST(dlgpLongitude)'],
  rpm: ['MIN(dlrpRpm)', 'MAX(dlrpRpm)', 'COUNT(dlrpRpm)'],
  ae: ['MIN(dlaeRpm)', 'MAX(dlaeRpm)', 'COUNT(dlaeRpm)'],
  flowmeter: [
    'FIRST(dlfmVolInventory)',
    'LAST(dlfmVolInventory)',
    'MIN(dlfmVolInventory)',
    'MAX(dlfmVolInventory)',
    'COUNT(dlfmVolFlowrate)',
  ],
  temperature: ['MIN(dltmTemp)', 'MAX(dltmTemp)', 'COUNT(dltmTemp)', 'LAST(dltmTemp)'],
  gateway: ['COUNT(dlgwCpuUsage)', 'MAX(dlgwCpuUsage)'],
  power: ['COUNT(dlpwBatteryVoltage)', 'MIN(dlpwBatteryVoltage)'],
  tank: ['COUNT(dltkLevel)', 'LAST(dltkLevel)', 'LAST(dltkVolume)', 'MIN(dltkLevel)', 'MAX(dltkLevel)'],
};

/** The query of the aggregated call for one device (`device[]`, unit, length, timezone, functions). */
export function deviceDetailQuery(
  type: string,
  uniqueId: string,
  start: number,
  end: number,
  unit: Interval,
  tz: number,
) {
  return {
    'device[]': [uniqueId],
    aggregatedUnit: unit,
    aggregatedLength: bucketLength(start, end, unit),
    timezone: tz,
    primaryFunctionName: 'AVG',
    'functionNames[]': WIDGET_FUNCTIONS[type] ?? [],
  };
}
