import { z } from 'zod';

/**
 * The answers of the bunkering and remain-on-board calls (docs/api.md "Bunkering and remain on board"): the
 * server validates what it sends with these schemas, the web app reads their types. Litres unless named otherwise.
 */

const n = z.number().nullable();

export const discrepancySchema = z.object({ amount: n, percentage: n });
export type Discrepancy = z.infer<typeof discrepancySchema>;

export const TOLERANCE_BANDS = ['within', 'warning', 'protest'] as const;
export type ToleranceBand = (typeof TOLERANCE_BANDS)[number];

/** `bklgSummary` of every bunker log row (docs/domain.md §24). */
export const bunkerRowSummarySchema = z.object({
  finalBunker: n,
  totalBunkerFlowmeter: n,
  totalBunkerSounding: n,
  discrepancyPercentage: n,
  toleranceBand: z.enum(TOLERANCE_BANDS).nullable(),
  flagReset: z.number(),
  adjustmentCount: z.number(),
});

export const bunkerAdjustmentAnswerSchema = z.object({
  bklaId: z.number(),
  bklaBklgId: z.number(),
  bklaType: z.number(),
  /** null: the stored amount is not a finite number (docs/domain.md §32.2) */
  bklaAmount: n,
  bklaReason: z.string(),
  bklaDesc: z.string().nullable(),
  bklaCreatedTime: z.string().nullable(),
  bklaCreatedUserId: z.string().nullable(),
  bklaUpdatedTime: z.string().nullable(),
});
export type BunkerAdjustmentAnswer = z.infer<typeof bunkerAdjustmentAnswerSchema>;

export const meterTotalsSchema = z.object({
  readings: z.number(),
  volume: n,
  mass: n,
  volume15: n,
  resets: z.number(),
  averageDensity: n,
  averageTemperature: n,
});

/** GET /api/master/bunker/log/detail/{id} without `log` and `adjustments` (docs/domain.md §24). */
export const bunkerFiguresSchema = z.object({
  finalBunker: n,
  // null where a figure is not computable (an overflow of stored values; docs/domain.md §32.2)
  targetBunker: n,
  totalBunkerFlowmeter: n,
  totalAdjustment: n,
  totalBunkerSounding: n,
  discrepancyToTarget: discrepancySchema,
  discrepancyToSounding: discrepancySchema,
  flagReset: z.number(),
  adjustmentCount: z.number(),
  flowmeter: meterTotalsSchema.extend({ deviceId: z.string().nullable() }),
  standard: z.object({
    totalBunkerFlowmeter15: n,
    finalBunker15: n,
    discrepancyToTarget15: discrepancySchema,
  }),
  tolerance: z.object({
    warning: z.number(),
    protest: z.number(),
    basis: z.enum(['15C', 'observed']),
    percentage: n,
    band: z.enum(TOLERANCE_BANDS).nullable(),
  }),
});
export type BunkerFigures = z.infer<typeof bunkerFiguresSchema>;

export const bunkerDetailSchema = bunkerFiguresSchema.extend({
  log: z.record(z.string(), z.unknown()),
  adjustments: z.record(z.string(), bunkerAdjustmentAnswerSchema),
});

/** GET /api/bunker/dashboard/{massId}/period/{start}/{end} (docs/domain.md §24.6). */
export const bunkerDashboardSchema = z.object({
  massId: z.number(),
  deviceId: z.string().nullable(),
  lastUpdate: z.string().nullable(),
  summary: z.object({
    totalMass: n,
    totalVolume: n,
    totalVolume15: n,
    resets: z.number(),
    averageMassFlowrate: n,
    averageFlowrate: n,
    averageDens: n,
    averageTemp: n,
  }),
  truncated: z.boolean(),
  rows: z.array(
    z.object({
      datetime: z.string(),
      timestamp: z.number(),
      mass_flowrate: n,
      volume_flowrate: n,
      mass_total: n,
      volume_total: n,
      density: n,
      temperature: n,
    }),
  ),
});
export type BunkerDashboardAnswer = z.infer<typeof bunkerDashboardSchema>;

export const ROB_INTERVALS = ['daily', 'weekly', 'monthly'] as const;
export type RobInterval = (typeof ROB_INTERVALS)[number];
export const ROB_ENTRY_TYPES = ['fuelcons', 'bunker', 'adjustments'] as const;
export type RobEntryType = (typeof ROB_ENTRY_TYPES)[number];

// ROB figures are null when not computable (an overflow of stored values; docs/domain.md §32.2)
const ledgerEntry = z.object({ note: z.string(), inventoryChange: n, endInventory: n });
export type RobLedgerEntry = z.infer<typeof ledgerEntry>;
const bunkerTotal = z.object({ totalVolume: n, count: z.number() });

/** A run of the ledger below zero (docs/domain.md §25.5). */
export const robBelowZeroRunSchema = z.object({
  start: z.number().describe('epoch s: when the balance fell below 0 (the end of the hour the fuel ran out in)'),
  end: z.number().nullable().describe('epoch s: when the balance was back at 0 or above; null while below'),
  entry: z
    .object({ time: z.number(), type: z.enum(ROB_ENTRY_TYPES) })
    .describe('the ledger row after which the balance was first below 0'),
  before: n.describe('the balance just before that row (L)'),
  lowest: n.describe('the lowest balance after a row of the run (L)'),
});
export type RobBelowZeroRun = z.infer<typeof robBelowZeroRunSchema>;

/** `summary` of GET /api/summary/rob/{id} (spec 002 §3.6, docs/domain.md §25). */
export const robSummarySchema = z.object({
  rob: z.object({
    balances: z.object({ start: n, last: n }),
    consumption: z.object({ totalVolume: n }),
    adjustments: z.object({ totalVolume: n, lastVolume: n, count: z.number() }),
    bunker: z.object({ IN: bunkerTotal.optional(), OUT: bunkerTotal.optional() }),
    belowZero: z.array(robBelowZeroRunSchema).describe('docs/domain.md §25.5, in time order; empty when never'),
  }),
  interval: z.enum(ROB_INTERVALS),
  timezone: z.number(),
  until: z.number(),
  details: z.array(
    z.object({
      time: z.number(),
      startInventory: n,
      endInventory: n,
      logs: z.record(
        z.string(),
        z.object({
          fuelcons: ledgerEntry.optional(),
          bunker: ledgerEntry.optional(),
          adjustments: ledgerEntry.optional(),
        }),
      ),
    }),
  ),
});
export type RobSummaryAnswer = z.infer<typeof robSummarySchema>;

/** GET /api/summary/rob/{id}: the ROB profile row (`master`, a /api/master/rob/rob row) and its ledger. */
export const robAnswerSchema = z.object({ master: z.record(z.string(), z.unknown()), summary: robSummarySchema });
export type RobAnswer = z.infer<typeof robAnswerSchema>;
