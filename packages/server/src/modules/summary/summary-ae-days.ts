import type { Database } from '../../db/database.ts';
import { placeholders, queryArrays } from '../telemetry/sql.ts';
import { dayEnded, storeComponent, storedAeLitres } from './day-components.ts';
import { type Frame, frameDays, utcHour } from './summary-domain.ts';
import { dailyTable, hourlyColumn } from './summary-inputs.ts';
import { AE_NAMES, type AeName, type VesselPlan } from './summary-vessel.ts';

/**
 * §13 from stored days (issue 29, day-components.ts): a metered vessel's AE litres of a whole local day, already split
 * by the shares of each of its UTC hours — Σ over the day's hours of the AE meter's litres × the AE's share of the
 * hour — kept on the AE supply meter's row of the day. A stored day answers only while it was computed for the same
 * AEs, rates and meters (`signature`) from the same daily rows of all of them (`check`: per device the day's samples
 * and the sums the hours' litres and shares come from — a late reading adds to a count, a span or delta it rewrites
 * changes a sum); the days are used only when every ended whole day of the period has such a row, else the period is
 * read from the hours as before and its days are stored.
 */

export type AeLitres = Partial<Record<AeName, number>>;

/** The ended whole days of a frame (they alone are stored), in time order. */
export function endedDays(f: Frame): number[] {
  const days = frameDays(f);
  if (!days || !f.days) return [];
  const out: number[] = [];
  for (let d = days.range[0]; d < days.range[1]; d += f.days.size)
    if (days.whole(d) && dayEnded(d, f.days.size)) out.push(d);
  return out;
}

/** What the per-AE litres are computed for: the AEs with their rates, the AE meters. */
function signature(plan: VesselPlan): string {
  const aes = AE_NAMES.filter((n) => plan.ae[n]).map((n) => `${n}=${plan.ae[n]!.devcId}:${plan.ae[n]!.rate}`);
  return `${aes.join(',')}|${plan.meters.AE_IN?.devcId}|${plan.meters.AE_OUT?.devcId ?? ''}`;
}

/** Per day, the daily rows' figures the day's AE litres come from, as one string (a day without rows: ''). */
async function checks(database: Database, plan: VesselPlan, days: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>(days.map((d) => [d, '']));
  const a = days[0];
  const b = days[days.length - 1] + 1;
  const ae = AE_NAMES.map((n) => plan.ae[n]?.devcId).filter((id): id is number => id !== undefined);
  const meters = [plan.meters.AE_IN, plan.meters.AE_OUT].filter((d) => d !== undefined).map((d) => d.devcId);
  const read = async (ids: number[], table: string, columns: string[]) => {
    if (!ids.length) return [];
    return queryArrays(
      database,
      `select device_id, bucket, ${columns.join(', ')} from ${table}
        where device_id in (${placeholders(ids.length)}) and bucket >= ? and bucket < ? order by device_id`,
      [...ids, a, b],
    );
  };
  const ac = (p: string, s: 'n' | 'sum') => hourlyColumn('ae', p)(s);
  const fc = (s: 'n' | 'sum') => hourlyColumn('flowmeter', 'volumeDelta')(s);
  const [aeRows, meterRows] = await Promise.all([
    read(ae, dailyTable('ae'), [ac('rpm', 'n'), ac('runningSpan', 'sum'), ac('span', 'sum')]),
    read(meters, dailyTable('flowmeter'), [fc('n'), fc('sum')]),
  ]);
  for (const r of [...aeRows, ...meterRows]) {
    const day = Number(r[1]);
    const have = out.get(day);
    if (have === undefined) continue;
    let figures = `${Number(r[0])}`;
    for (let i = 2; i < r.length; i++) figures += `:${r[i] === null ? '' : Number(r[i])}`;
    out.set(day, `${have}${figures};`);
  }
  return out;
}

/** The key a day's stored litres must carry to answer: what they were computed for and from. */
const keyOf = (sig: string, check: string) => `${sig}#${check}`;

/**
 * The stored per-AE litres of each of `days`, or null when any of them is missing or was computed for or from
 * something else; with the keys to store the days under when they are computed again.
 */
export async function storedAeDays(
  database: Database,
  plan: VesselPlan,
  days: number[],
): Promise<{ litres: Map<number, AeLitres> | null; keys: Map<number, string> }> {
  const meter = plan.meters.AE_IN!.devcId;
  const sig = signature(plan);
  const [check, stored] = await Promise.all([checks(database, plan, days), storedAeLitres(database, meter, days)]);
  const keys = new Map(days.map((d) => [d, keyOf(sig, check.get(d)!)]));
  const litres = new Map<number, AeLitres>();
  for (const d of days) {
    const s = stored.get(d);
    if (!s || s.key !== keys.get(d)) return { litres: null, keys };
    litres.set(d, JSON.parse(s.litres) as AeLitres);
  }
  return { litres, keys };
}

/**
 * The days' per-AE litres from the hours as read (summary-read.ts: the meter's litres per cell — a whole day's cells
 * are its hours — and the AEs' shares of each hour; an AE without a share gets an even one, as summary-period.ts
 * `apportionAe` does), stored under their keys.
 */
export async function storeAeDays(
  database: Database,
  plan: VesselPlan,
  f: Frame,
  keys: Map<number, string>,
  cells: Map<number, number>,
  shares: Map<number, AeLitres>,
): Promise<void> {
  if (!keys.size || !f.days) return;
  const size = f.days.size;
  const shift = f.days.shift;
  const names = AE_NAMES.filter((n) => plan.ae[n]);
  const litres = new Map<number, AeLitres>([...keys.keys()].map((d) => [d, {}]));
  for (const [cell, l] of cells) {
    const day = Math.floor((cell + shift) / size) * size - shift;
    const out = litres.get(day);
    if (!out) continue;
    const s = shares.get(utcHour(cell)) ?? {};
    for (const n of names) out[n] = (out[n] ?? 0) + l * (s[n] ?? 1 / names.length);
  }
  await storeComponent(database, {
    kind: 'ae',
    rows: [...litres].map(([day, l]) => ({
      deviceId: plan.meters.AE_IN!.devcId,
      day,
      key: keys.get(day)!,
      litres: JSON.stringify(l),
    })),
  });
}
