import { z } from 'zod';

/**
 * Voyages (issue 30, docs/domain.md "Voyages and legs"): a vessel's time split into legs by its position track and the
 * gazetteer's ports and anchorages, with each leg's distance, fuel and CO₂ computed on the server. The web reads only
 * these types; the server's routes validate their answers with these schemas.
 */

/** What the vessel was doing during a leg. */
export const LEG_KINDS = ['berth', 'anchor', 'underway', 'towing'] as const;
export type LegKind = (typeof LEG_KINDS)[number];

/** Fuel of one engine group over a leg: litres, litres at 15 °C and kilograms where metered (null: not measured). */
export const legFuelSchema = z.object({
  litres: z.number().nullable(),
  litres15: z.number().nullable(),
  kg: z.number().nullable(),
});
export type LegFuel = z.infer<typeof legFuelSchema>;

export const legSchema = z.object({
  /** stable while the leg's start stays: `<assetId>-<start>` */
  id: z.string(),
  assetId: z.number(),
  kind: z.enum(LEG_KINDS),
  /**
   * epoch seconds, clipped to the asked period (the figures below are those of [start, end)); `end` is the last fix's
   * time while the leg is still going on (`ongoing`)
   */
  start: z.number(),
  end: z.number(),
  /**
   * the leg's own start and end, not clipped (docs/domain.md §37.4): what corrections name — a merge's `start` is its
   * first leg's `legStart`, its `end` the last one's `legEnd`; a rename's `start` the leg's `legStart`; a split's
   * `at` lies strictly between them. Equal to start/end for a leg inside the period.
   */
  legStart: z.number(),
  legEnd: z.number(),
  ongoing: z.boolean(),
  /** where the leg starts and ends: a port or anchorage name, or null at sea; at berth/anchor both are the place */
  fromPlace: z.string().nullable(),
  toPlace: z.string().nullable(),
  startLat: z.number(),
  startLng: z.number(),
  endLat: z.number(),
  endLng: z.number(),
  durationSeconds: z.number(),
  /** seconds moving faster than the under-way speed (docs/domain.md) */
  underwaySeconds: z.number(),
  distanceNm: z.number(),
  avgSpeedKn: z.number().nullable(),
  me: legFuelSchema,
  ae: legFuelSchema,
  totalLitres: z.number().nullable(),
  litresPerNm: z.number().nullable(),
  litresPerHour: z.number().nullable(),
  co2Tonnes: z.number().nullable(),
  /** true when an operator's correction (merge, split, rename) shaped this leg */
  corrected: z.boolean(),
});
export type Leg = z.infer<typeof legSchema>;

/** `GET /api/voyages/{assetId}/period/{start}/{end}`: the legs overlapping the period, clipped to it, and totals. */
export const voyagesAnswerSchema = z.object({
  assetId: z.number(),
  start: z.number(),
  end: z.number(),
  legs: z.array(legSchema),
  totals: z.object({
    distanceNm: z.number(),
    underwaySeconds: z.number(),
    totalLitres: z.number().nullable(),
    co2Tonnes: z.number().nullable(),
  }),
  /** when detection last ran for this vessel (epoch s), null before the first run */
  detectedAt: z.number().nullable(),
});
export type VoyagesAnswer = z.infer<typeof voyagesAnswerSchema>;

/** `POST /api/voyages/{assetId}/corrections`: one operator correction. */
export const voyageCorrectionRequestSchema = z.discriminatedUnion('action', [
  /** merge the legs from the one starting at `start` to the one ending at `end` into one leg */
  z.object({ action: z.literal('merge'), start: z.number().int(), end: z.number().int() }),
  /** split the leg holding `at` into two at that time */
  z.object({ action: z.literal('split'), at: z.number().int() }),
  /** name the place of the leg starting at `start` (its from/to place; at berth/anchor both) */
  z.object({
    action: z.literal('rename'),
    start: z.number().int(),
    place: z.string().trim().min(1).max(100),
    which: z.enum(['from', 'to', 'both']),
  }),
]);
export type VoyageCorrectionRequest = z.infer<typeof voyageCorrectionRequestSchema>;

/** `GET /api/voyages/{assetId}/corrections`: the corrections in force, newest first, with who made them. */
export const voyageCorrectionSchema = z.object({
  id: z.number(),
  assetId: z.number(),
  action: z.enum(['merge', 'split', 'rename']),
  /** the request as made */
  detail: voyageCorrectionRequestSchema,
  createdBy: z.string(),
  createdTime: z.number(),
});
export type VoyageCorrection = z.infer<typeof voyageCorrectionSchema>;

/** `GET /api/track/{assetId}/period/{start}/{end}`: the fixes of a period for replay, oldest first. */
export const trackPointSchema = z.object({
  ts: z.number(),
  lat: z.number(),
  lng: z.number(),
  /** knots over ground (docs/domain.md §7), null when unknown */
  speedKn: z.number().nullable(),
  headingDeg: z.number().nullable(),
  /** ME rpm per side at the fix (docs/domain.md §40: latest sample at most 60 s older), null when unknown */
  rpmPort: z.number().nullable(),
  rpmStarboard: z.number().nullable(),
  /** ME fuel rate at the fix, L/h: supply less return of the sides with meters (docs/domain.md §40) */
  meFuelLh: z.number().nullable(),
});
export type TrackPoint = z.infer<typeof trackPointSchema>;
export const trackAnswerSchema = z.object({
  assetId: z.number(),
  points: z.array(trackPointSchema),
  /** true when the period held more fixes than the answer's limit and points were thinned evenly in time */
  thinned: z.boolean(),
});
export type TrackAnswer = z.infer<typeof trackAnswerSchema>;
