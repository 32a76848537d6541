import { badRequest } from '../../http/envelope.ts';
import type { HookContext, ResourceHooks } from '../crud/hooks.ts';
import type { Row } from '../crud/rows.ts';
import { lockVesselRob as lockRob } from './rob-lock.ts';

const iso = (ts: number) => new Date(ts * 1000).toISOString().replace('.000Z', 'Z');

/** The vessel's ROB lock in the write's transaction (rob-lock.ts). */
const lockVesselRob = (ctx: HookContext, massId: unknown) =>
  lockRob(ctx.db, ctx.req.server.deps.database.dialect, massId);

/** docs/domain.md §25.1: the profiles of one vessel may not overlap (closed periods [start, end]). */
async function refuseOverlap(ctx: HookContext, row: Row, ownId?: unknown) {
  let q = ctx.db
    .selectFrom('rob')
    .select(['mrobId', 'mrobStartTime', 'mrobEndTime'])
    .where('mrobMassId', '=', row.mrobMassId)
    .where('mrobStartTime', '<=', row.mrobEndTime)
    .where('mrobEndTime', '>=', row.mrobStartTime);
  if (ownId !== undefined) q = q.where('mrobId', '!=', ownId);
  const other = await q.orderBy('mrobStartTime').executeTakeFirst();
  if (other)
    throw badRequest({
      mrobStartTime: [
        `This period overlaps the asset's ROB profile from ${iso(Number(other.mrobStartTime))} to ${iso(Number(other.mrobEndTime))}`,
      ],
    });
}

/**
 * docs/domain.md §25.1: a profile's period keeps its adjustments — shortening it past one would drop the
 * adjustment from the ledger without a word, so it is refused, naming the adjustments' times.
 */
async function refuseLosingAdjustments(ctx: HookContext, row: Row) {
  const start = Number(row.mrobStartTime);
  const end = Number(row.mrobEndTime);
  const outside = await ctx.db
    .selectFrom('rob_adjustment')
    .select(['robaTime'])
    .where('robaMrobId', '=', row.mrobId)
    .where((eb) => eb.or([eb('robaTime', '<', start), eb('robaTime', '>', end)]))
    .orderBy('robaTime')
    .execute();
  if (!outside.length) return;
  const times = outside.map((a) => Number(a.robaTime));
  const shown = times.slice(0, 5).map(iso).join(', ') + (times.length > 5 ? ` and ${times.length - 5} more` : '');
  const message = `The period must include the profile's adjustments: move or delete the adjustment${times.length > 1 ? 's' : ''} of ${shown} first`;
  const field = times.some((t) => t > end) ? 'mrobEndTime' : 'mrobStartTime';
  throw badRequest({ [field]: [message] });
}

/** ROB profiles: no two profiles of a vessel overlap; a profile keeps its adjustments inside its period. */
export const robHooks: ResourceHooks = {
  async beforeCreate(ctx, values) {
    await lockVesselRob(ctx, values.mrobMassId);
    await refuseOverlap(ctx, values);
  },
  async beforeUpdate(ctx, stored, values) {
    await lockVesselRob(ctx, stored.mrobMassId);
    // the row as it is now, under the lock (it was read before the transaction)
    const current = await ctx.db
      .selectFrom('rob')
      .select(['mrobStartTime', 'mrobEndTime'])
      .where('mrobId', '=', stored.mrobId)
      .executeTakeFirst();
    const row = { ...stored, ...(current ?? {}), ...values };
    await refuseOverlap(ctx, row, stored.mrobId);
    await refuseLosingAdjustments(ctx, row);
  },
};

/** docs/domain.md §25.3: an adjustment's time lies within its profile's period. */
async function refuseOutside(ctx: HookContext, row: Row) {
  // under the vessel's lock, so that a profile shortened at the same time cannot leave this adjustment outside;
  // a profile's vessel never changes (mrobMassId is immutable), so it may be read before the lock
  const vessel = await ctx.db
    .selectFrom('rob')
    .select(['mrobMassId'])
    .where('mrobId', '=', row.robaMrobId)
    .executeTakeFirst();
  if (!vessel) return;
  await lockVesselRob(ctx, vessel.mrobMassId);
  const profile = await ctx.db
    .selectFrom('rob')
    .select(['mrobStartTime', 'mrobEndTime'])
    .where('mrobId', '=', row.robaMrobId)
    .executeTakeFirst();
  if (!profile) return;
  const t = Number(row.robaTime);
  if (t < Number(profile.mrobStartTime) || t > Number(profile.mrobEndTime))
    throw badRequest({
      robaTime: [
        `Time must lie within the ROB profile (${iso(Number(profile.mrobStartTime))} to ${iso(Number(profile.mrobEndTime))})`,
      ],
    });
}

export const robAdjustmentHooks: ResourceHooks = {
  beforeCreate: (ctx, values) => refuseOutside(ctx, values),
  beforeUpdate: (ctx, stored, values) => refuseOutside(ctx, { ...stored, ...values }),
};
