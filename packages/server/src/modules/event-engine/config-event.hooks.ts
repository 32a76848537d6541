import type { Db } from '../../db/database.ts';
import { badRequest, conflict } from '../../http/envelope.ts';
import type { HookContext, ResourceHooks, ResourceHookTable } from '../crud/hooks.ts';
import type { Row } from '../crud/rows.ts';
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

export const NO_ACTIVE_COMPANY_EVENT_MESSAGE = 'Choose a company first: a new master event belongs to it';
export const OTHER_COMPANY_EVENT_MESSAGE =
  "This event belongs to another company: choose a shared event or one of the configuration's company";

/**
 * Issue 28: a tenant administrator's new master event belongs to their active company (docs/decisions.md
 * "Tenants"); a platform administrator's is a shared one, as the catalogue was before.
 */
async function ownerOfNewEvent(ctx: HookContext, values: Row) {
  if (ctx.scope.platformAdmin) {
    values.mevtCompId = null;
    return;
  }
  if (ctx.session.activeCompId === null) throw badRequest(NO_ACTIVE_COMPANY_EVENT_MESSAGE);
  values.mevtCompId = ctx.session.activeCompId;
}

/**
 * An asset event links a configuration to a shared master event or to one of the company whose vessel the
 * configuration's gateway is on — never to an event of another company, though the user may see it (another tenant's
 * is refused before, like a missing one: crud checkReferences).
 */
async function refuseOtherCompanyEvent(db: Db, mcevId: unknown, mevtId: unknown) {
  const event = await db
    .selectFrom('master_event')
    .select('mevtCompId')
    .where('mevtId', '=', mevtId)
    .executeTakeFirst();
  if (!event || event.mevtCompId === null) return;
  const config = await db
    .selectFrom('config_event')
    .innerJoin('device', 'device.devcId', 'config_event.mcevDevcId')
    .innerJoin('asset', 'asset.massId', 'device.devcMassId')
    .select('asset.massCompId')
    .where('config_event.mcevId', '=', mcevId)
    .executeTakeFirst();
  if (Number(config?.massCompId) !== Number(event.mevtCompId)) {
    throw badRequest({ asevMevtId: [OTHER_COMPANY_EVENT_MESSAGE] });
  }
}

/** docs/domain.md §30.7: system master events are kept as the server writes them, and no configuration holds one. */
const systemEventHooks: ResourceHookTable = {
  events: {
    prepareCreate: ownerOfNewEvent,
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
      await refuseOtherCompanyEvent(ctx.db, values.asevMcevId, values.asevMevtId);
    },
    async beforeUpdate(ctx, stored, values) {
      const type = await systemEventType(ctx.db, values.asevMevtId ?? stored.asevMevtId);
      if (type) throw badRequest({ asevMevtId: [systemEventConfigMessage(type)] });
      await refuseOtherCompanyEvent(ctx.db, stored.asevMcevId, values.asevMevtId ?? stored.asevMevtId);
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
