import { z } from 'zod';

/**
 * Emissions (issue 30, docs/domain.md §39): CO₂ and fuel of a period per vessel and for the fleet, and the annual
 * IMO DCS-style summary with AER, cgDIST and the CII rating. Every figure is computed on the server; null is "no
 * figure" (shown '-'), and where a CII is missing the answer says why.
 */
const num = z.number().nullable();

/** The vessel's fuel type as the figures used it (§23): null when the asset names none. */
const fuelTypeSchema = z.object({ mftyId: z.number(), name: z.string(), co2Factor: num, density: num }).nullable();

/** One vessel's fuel and CO₂ in a period (§39.1). */
export const emissionsVesselSchema = z.object({
  massId: z.number(),
  massName: z.string(),
  fuelType: fuelTypeSchema,
  /** §14, L; null: no fuel part measured or estimated */
  fuelLitres: num,
  /** §39.1, t; null: fuel but no usable density */
  fuelTonnes: num,
  /** §23, t; null: no factor or no usable density */
  co2Tonnes: num,
  /** §8, NM */
  distanceNm: z.number(),
});
export type EmissionsVessel = z.infer<typeof emissionsVesselSchema>;

export const emissionsPeriodSchema = z.object({
  start: z.number(),
  end: z.number(),
  vessels: z.array(emissionsVesselSchema),
  fleet: z.object({
    fuelLitres: z.number(),
    fuelTonnes: z.number(),
    co2Tonnes: z.number(),
    distanceNm: z.number(),
    /** vessels in the list whose CO₂ is null: the fleet's CO₂ is the others' sum */
    vesselsWithoutCo2: z.number(),
  }),
});
export type EmissionsPeriod = z.infer<typeof emissionsPeriodSchema>;

export const CII_RATINGS = ['A', 'B', 'C', 'D', 'E'] as const;
export type CiiRating = (typeof CII_RATINGS)[number];

/** Why a vessel has no CII (§39.4). */
export const CII_REASONS = [
  'no_ship_type',
  'no_reference_line',
  'no_capacity',
  'no_co2',
  'no_distance',
  'no_factor',
] as const;
export type CiiReason = (typeof CII_REASONS)[number];

/** §39.4: the attained CII against the required one, with the rating's boundaries. */
export const ciiSchema = z.object({
  metric: z.enum(['AER', 'cgDIST']),
  /** reg. 28 applies: a type with a reference line and ≥ 5 000 GT; false: the figure is indicative */
  applies: z.boolean(),
  attained: z.number(),
  reference: z.number(),
  /** Z of the year, % */
  reductionFactor: z.number(),
  required: z.number(),
  /** attained ÷ required */
  ratio: z.number(),
  /** superior, lower, upper, inferior boundaries (g CO₂ per capacity·NM) */
  boundaries: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  rating: z.enum(CII_RATINGS),
});
export type Cii = z.infer<typeof ciiSchema>;

/** One vessel's DCS-style year (§39.2–§39.4). */
export const dcsVesselSchema = emissionsVesselSchema.extend({
  /** hours under way (the voyages' motion hours, docs/domain.md §37.1); 0 without motion */
  hoursUnderway: z.number(),
  gt: num,
  dwt: num,
  ciiType: z.string().nullable(),
  /** g CO₂ / (t·NM) */
  aer: num,
  /** g CO₂ / (GT·NM) */
  cgDist: num,
  cii: ciiSchema.nullable(),
  /** why `cii` is null */
  ciiReason: z.enum(CII_REASONS).nullable(),
});
export type DcsVessel = z.infer<typeof dcsVesselSchema>;

export const dcsYearSchema = z.object({
  year: z.number(),
  /** [1 Jan 00:00 UTC, next 1 Jan 00:00 UTC) */
  start: z.number(),
  end: z.number(),
  /** the current year: figures to date */
  partial: z.boolean(),
  vessels: z.array(dcsVesselSchema),
});
export type DcsYear = z.infer<typeof dcsYearSchema>;
