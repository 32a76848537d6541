/** Data intervals (spec 000 §9, spec 002 §9), in seconds: the filter's choices, asked of the API as buckets. */
export const INTERVAL_SECONDS = { minute: 60, hour: 3600, day: 86400, week: 604800, month: 2592000 } as const;
export type Interval = keyof typeof INTERVAL_SECONDS;
