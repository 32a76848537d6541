import { zoneOffsetHours } from '@fleet/shared/time-zone.ts';

/** A calendar month of a zone: [1st 00:00, next 1st 00:00) local, each cut with the offset at its own start (§1). */
export interface MonthPeriod {
  start: number;
  end: number;
  month: string;
}

const monthStart = (zone: string, year: number, month: number) => {
  const utc = Date.UTC(year, month, 1) / 1000;
  return utc - zoneOffsetHours(zone, utc) * 3600;
};

/** The last `count` calendar months of the zone, oldest first, ending with the month that holds `now`. */
export function lastMonths(zone: string, now: number, count: number): MonthPeriod[] {
  const local = new Date((now + zoneOffsetHours(zone, now) * 3600) * 1000);
  const out: MonthPeriod[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - i, 1));
    const [y, m] = [d.getUTCFullYear(), d.getUTCMonth()];
    out.push({
      start: monthStart(zone, y, m),
      end: monthStart(zone, y, m + 1),
      month: `${y}-${String(m + 1).padStart(2, '0')}`,
    });
  }
  return out;
}
