import { z } from 'zod';

/**
 * The fleet efficiency answers (docs/api.md "Fleet efficiency", docs/domain.md §38): one row per visible vessel for a
 * period, and one vessel's monthly trend. Every figure is the vessel's summary figure for the period (§6–§23) or
 * computed from them by the server; null where it has none.
 */
const num = z.number().nullable();

/** The figures of one vessel and period (§38), the row's and each trend month's. */
export const efficiencyFiguresSchema = z.object({
  /** L: total, main engine, auxiliary engines (§12–§14) */
  fuel: num,
  meFuel: num,
  aeFuel: num,
  /** L at 15 °C and kg where the summary has them (§11, §13) */
  meFuel15: num,
  aeFuel15: num,
  meFuelKg: num,
  aeFuelKg: num,
  /** NM (§8) */
  distanceNm: z.number(),
  /** running hours (§9, §10); null: no such engine */
  portHours: num,
  starboardHours: num,
  ae1Hours: num,
  ae2Hours: num,
  ae3Hours: num,
  /** the longer of the sides' running hours */
  meHours: num,
  /** the voyages module's motion hours */
  underwayHours: num,
  idleRunningHours: num,
  litresPerNm: num,
  litresPerHour: num,
  /** t (§23) */
  co2: num,
});
export type EfficiencyFigures = z.infer<typeof efficiencyFiguresSchema>;

/** % against the previous period of the same length; null: no figure on either side, or 0 before */
const changeSchema = z.object({ fuel: num, litresPerNm: num, litresPerHour: num, co2: num });

export const efficiencyRowSchema = efficiencyFiguresSchema.extend({
  massId: z.number(),
  massName: z.string(),
  /** asset type (the rank's group); null without one */
  matyId: num,
  matyName: z.string().nullable(),
  change: changeSchema,
  /** by L/NM among the ranked vessels of the same type; null: not ranked */
  rank: num,
  rankOf: num,
});
export type EfficiencyRow = z.infer<typeof efficiencyRowSchema>;

export const fleetEfficiencySchema = z.object({
  start: z.number(),
  end: z.number(),
  /** the previous period the changes compare with */
  previousStart: z.number(),
  previousEnd: z.number(),
  rows: z.array(efficiencyRowSchema),
});
export type FleetEfficiency = z.infer<typeof fleetEfficiencySchema>;

export const efficiencyMonthSchema = efficiencyFiguresSchema.extend({
  /** the month's first and next month's first instant (epoch s), in the company's zone */
  start: z.number(),
  end: z.number(),
  /** YYYY-MM in that zone */
  month: z.string(),
  /** the month has not ended */
  partial: z.boolean(),
});
export type EfficiencyMonth = z.infer<typeof efficiencyMonthSchema>;

export const efficiencyTrendSchema = z.object({
  massId: z.number(),
  massName: z.string(),
  /** the IANA zone the months are cut in */
  timeZone: z.string(),
  months: z.array(efficiencyMonthSchema),
});
export type EfficiencyTrend = z.infer<typeof efficiencyTrendSchema>;
