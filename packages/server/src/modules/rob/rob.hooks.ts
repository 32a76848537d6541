import { zoneOffsetHours } from '@fleet/shared/time-zone.ts';
import { badRequest } from '../../http/envelope.ts';
import { assetTimeZone } from '../access/time-zones.ts';
import type { HookContext, ResourceHooks } from '../crud/hooks.ts';
import type { Row } from '../crud/rows.ts';
import { lockVesselRob as lockRob } from './rob-lock.ts';

/**
 * A time in a message as the ROB screens show it: `DD-MM-YYYY HH:mm` on the clock of the zone of the company that
 * owns the vessel (docs/domain.md §1) — the same in English and Indonesian.
 */
const shown = (ts: number, zone: string) => {
  const d = new Date((ts + zoneOffsetHours(zone, ts) * 3600) * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}-${p(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
};

/** The zone the vessel's times are shown in: its company's, else the installation's default. */
const vesselZone = (ctx: HookContext, massId: unknown) =>
  assetTimeZone(ctx.db, Number(massId), ctx.req.server.deps.config.defaultTimeZone);

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
  if (other) {
    const zone = await vesselZone(ctx, row.mrobMassId);
    throw badRequest({
      mrobStartTime: [
        `This period overlaps the asset's ROB profile from ${shown(Number(other.mrobStartTime), zone)} to ${shown(Number(other.mrobEndTime), zone)}`,
      ],
    });
  }
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
  const zone = await vesselZone(ctx, row.mrobMassId);
  const list = times
    .slice(0, 5)
    .map((t) => shown(t, zone))
    .join(', ');
  const more = times.length > 5 ? ` and ${times.length - 5} more` : '';
  const message = `The period must include the profile's adjustments: move or delete the adjustment${times.length > 1 ? 's' : ''} of ${list}${more} first`;
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
  if (t < Number(profile.mrobStartTime) || t > Number(profile.mrobEndTime)) {
    const zone = await vesselZone(ctx, vessel.mrobMassId);
    throw badRequest({
      robaTime: [
        `Time must lie within the ROB profile (${shown(Number(profile.mrobStartTime), zone)} to ${shown(Number(profile.mrobEndTime), zone)})`,
      ],
    });
  }
}

export const robAdjustmentHooks: ResourceHooks = {
  beforeCreate: (ctx, values) => refuseOutside(ctx, values),
  beforeUpdate: (ctx, stored, values) => refuseOutside(ctx, { ...stored, ...values }),
};
