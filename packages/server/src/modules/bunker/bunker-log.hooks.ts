import { bunkerRowSummarySchema } from '@fleet/shared';
import type { ResourceHooks } from '../crud/hooks.ts';
import { detailsOf, storedLogs } from './bunker-detail.ts';

/**
 * Bunkering logs: each answered row carries `bklgSummary` (final bunker, discrepancy, tolerance band);
 * deleting a log deletes its adjustments with it (the confirmation says so; docs/decisions.md).
 */
export const bunkerLogHooks: ResourceHooks = {
  rowExtra: {
    schema: { bklgSummary: bunkerRowSummarySchema.nullable() },
    async decorate(ctx, rows) {
      const ids = rows.map((r) => Number(r.bklgId));
      const details = await detailsOf(
        ctx.db,
        await storedLogs(ctx.db, ids),
        ctx.req.server.deps.config.bunkerTolerance,
      );
      for (const r of rows) {
        const d = details.get(Number(r.bklgId))?.detail;
        r.bklgSummary = d
          ? {
              finalBunker: d.finalBunker,
              totalBunkerFlowmeter: d.totalBunkerFlowmeter,
              totalBunkerSounding: d.totalBunkerSounding,
              discrepancyPercentage: d.tolerance.percentage,
              toleranceBand: d.tolerance.band,
              flagReset: d.flagReset,
              adjustmentCount: d.adjustmentCount,
            }
          : null;
      }
    },
  },
  async beforeDelete(ctx, stored) {
    await ctx.db.deleteFrom('bunker_adjustment').where('bklaBklgId', '=', stored.bklgId).execute();
  },
};
