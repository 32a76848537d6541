import { conflict } from '../../http/envelope.ts';
import type { HookContext, ResourceHooks } from '../crud/hooks.ts';
import type { Row } from '../crud/rows.ts';

export const GATEWAY_CLASH_MESSAGE =
  'Unique ID is already used by another gateway (gateway-X and X name the same gateway for ingest and event configurations)';

/**
 * Gateways are named with or without their `gateway-` prefix (ingest, event configurations): `X` and
 * `gateway-X` are one gateway, so a second device of either spelling is refused, whichever tenant owns the
 * first. (Every unique id — Teltonika IMEIs included — is unique across tenants by the table's constraint.)
 */
async function refuseGatewayClash(ctx: HookContext, row: Row, exceptId?: unknown) {
  if (row.devcType !== 'gateway' || typeof row.devcUniqueId !== 'string') return;
  const bare = row.devcUniqueId.replace(/^gateway-/, '');
  let q = ctx.db
    .selectFrom('device')
    .select('devcId')
    .where('devcType', '=', 'gateway')
    .where('devcUniqueId', 'in', [bare, `gateway-${bare}`]);
  if (exceptId !== undefined) q = q.where('devcId', '!=', exceptId as number);
  if (await q.executeTakeFirst()) throw conflict(GATEWAY_CLASH_MESSAGE);
}

export const GATEWAY_ACTIVE_CONFIGURATION_MESSAGE =
  'This gateway has an active event configuration: deactivate it on the Event Configuration screen first';

/** The configurations' asset id is the gateway's unique id without `gateway-` (spec 001 §3). */
const assetIdOf = (uniqueId: string) => uniqueId.replace(/^gateway-/, '');

export const deviceHooks: ResourceHooks = {
  async beforeCreate(ctx, values) {
    await refuseGatewayClash(ctx, values);
  },
  async beforeUpdate(ctx, stored, values) {
    await refuseGatewayClash(ctx, { ...stored, ...values }, stored.devcId);
  },
  /** a renamed gateway's event configurations follow it (they are listed by its asset id) */
  async afterUpdate(ctx, stored, values) {
    if (typeof values.devcUniqueId !== 'string' || values.devcUniqueId === stored.devcUniqueId) return;
    await ctx.db
      .updateTable('config_event')
      .set({ mcevAssetId: assetIdOf(values.devcUniqueId) })
      .where('mcevDevcId', '=', stored.devcId as number)
      .execute();
  },
  /**
   * A gateway goes with its event configurations (a device's configurations go with it, docs/decisions.md
   * "Deleting"), but not while one is active: the engine evaluates it (issue 23: deactivate first). Its event
   * log rows stay, matching no device (docs/operations.md "Event log identity").
   */
  async beforeDelete(ctx, stored) {
    const active = await ctx.db
      .selectFrom('config_event')
      .select('mcevId')
      .where('mcevDevcId', '=', stored.devcId as number)
      .where('mcevIsActive', '=', 1)
      .executeTakeFirst();
    if (active) throw conflict(GATEWAY_ACTIVE_CONFIGURATION_MESSAGE);
    await ctx.db
      .deleteFrom('config_event')
      .where('mcevDevcId', '=', stored.devcId as number)
      .execute();
  },
};
