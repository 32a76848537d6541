import type { Db } from '../../db/database.ts';
import { badRequest, conflict } from '../../http/envelope.ts';
import type { ResourceHooks, ResourceHookTable } from '../crud/hooks.ts';
import { eventConfigChanged } from './definitions.ts';

export const GATEWAY_NOT_FOUND_MESSAGE = 'Asset ID not found: choose the gateway of a visible asset';

export const ACTIVE_CONFIGURATION_DELETE_MESSAGE =
  'An active configuration cannot be deleted. Activate another version first.';

/**
 * Event configurations (spec 001 §4): a new one gets version = highest + 1 for its asset id and starts
 * inactive; editing never touches the active flag (it is read-only in the definition); an active one stays.
 */
export const configEventHooks: ResourceHooks = {
  /** mcevAssetId names a gateway among the user's visible assets; the configuration stores that device */
  async prepareCreate(ctx, values) {
    const bare = String(values.mcevAssetId ?? '');
    const gateway = ctx.scope.assetIds.length
      ? await ctx.db
          .selectFrom('device')
          .select('devcId')
          .where('devcType', '=', 'gateway')
          .where('devcMassId', 'in', ctx.scope.assetIds)
          .where('devcUniqueId', 'in', [`gateway-${bare}`, bare])
          .orderBy('devcId')
          .executeTakeFirst()
      : undefined;
    if (!gateway) throw badRequest({ mcevAssetId: [GATEWAY_NOT_FOUND_MESSAGE] });
    values.mcevDevcId = gateway.devcId;
  },
  async beforeCreate(ctx, values) {
    const top = await ctx.db
      .selectFrom('config_event')
      .select((eb) => eb.fn.max('mcevVersion').as('v'))
      .where('mcevAssetId', '=', values.mcevAssetId)
      .executeTakeFirst();
    values.mcevVersion = Number((top as { v?: unknown } | undefined)?.v ?? 0) + 1;
    values.mcevIsActive = 0;
    values.mcevAppliedTime = null;
  },
  async beforeDelete(_ctx, stored) {
    if (Number(stored.mcevIsActive) === 1) throw conflict(ACTIVE_CONFIGURATION_DELETE_MESSAGE);
  },
};

/** The type of a system master event (docs/domain.md §30.7), or null for the users' own. */
async function systemEventType(db: Db, mevtId: unknown): Promise<string | null> {
  const row = await db
    .selectFrom('master_event')
    .select(['mevtType', 'mevtSystem'])
    .where('mevtId', '=', mevtId)
    .executeTakeFirst();
  return row?.mevtSystem ? String(row.mevtType) : null;
}

export const systemEventMessage = (type: string) =>
  `${type} is a system event (written by the server itself): it cannot be changed or deleted`;
export const systemEventConfigMessage = (type: string) =>
  `${type} is a system event (written by the server itself): it cannot be part of an event configuration`;

/** docs/domain.md §30.7: system master events are kept as the server writes them, and no configuration holds one. */
const systemEventHooks: ResourceHookTable = {
  events: {
    async beforeUpdate(ctx, stored) {
      const type = await systemEventType(ctx.db, stored.mevtId);
      if (type) throw badRequest(systemEventMessage(type));
    },
    async beforeDelete(ctx, stored) {
      const type = await systemEventType(ctx.db, stored.mevtId);
      if (type) throw badRequest(systemEventMessage(type));
    },
  },
  asset_event: {
    async beforeCreate(ctx, values) {
      const type = await systemEventType(ctx.db, values.asevMevtId);
      if (type) throw badRequest({ asevMevtId: [systemEventConfigMessage(type)] });
    },
    async beforeUpdate(ctx, stored, values) {
      const type = await systemEventType(ctx.db, values.asevMevtId ?? stored.asevMevtId);
      if (type) throw badRequest({ asevMevtId: [systemEventConfigMessage(type)] });
    },
  },
};

/** Writes of what the event engine evaluates: its per-process definition cache checks the database (issue 17). */
const definitionsChanged: ResourceHooks = { afterCommit: () => eventConfigChanged() };

/** The resources the engine's definitions are read from, by name (the app registers them with crud). */
export const eventDefinitionHooks: ResourceHookTable = {
  asset_event: { ...systemEventHooks.asset_event, ...definitionsChanged },
  config_event: { ...configEventHooks, ...definitionsChanged },
  device: definitionsChanged,
  events: { ...systemEventHooks.events, ...definitionsChanged },
};
