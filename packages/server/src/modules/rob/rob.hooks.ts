import { badRequest } from '../../http/envelope.ts';
import type { HookContext, ResourceHooks } from '../crud/hooks.ts';
import type { Row } from '../crud/rows.ts';

const iso = (ts: number) => new Date(ts * 1000).toISOString().replace('.000Z', 'Z');

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

/** ROB profiles: no two profiles of a vessel overlap. */
export const robHooks: ResourceHooks = {
  beforeCreate: (ctx, values) => refuseOverlap(ctx, values),
  beforeUpdate: (ctx, stored, values) => refuseOverlap(ctx, { ...stored, ...values }, stored.mrobId),
};

/** docs/domain.md §25.3: an adjustment's time lies within its profile's period. */
async function refuseOutside(ctx: HookContext, row: Row) {
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
