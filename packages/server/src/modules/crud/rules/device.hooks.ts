import { conflict } from '../../../http/envelope.ts';
import type { HookContext, ResourceHooks } from '../hooks.ts';
import type { Row } from '../rows.ts';

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

export const deviceHooks: ResourceHooks = {
  async beforeCreate(ctx, values) {
    await refuseGatewayClash(ctx, values);
  },
  async beforeUpdate(ctx, stored, values) {
    await refuseGatewayClash(ctx, { ...stored, ...values }, stored.devcId);
  },
};
