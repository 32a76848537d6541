import { asset } from '@fleet/shared';
import { assetDeviceSchema } from '@fleet/shared/answers/assets.ts';
import { formFieldSchema } from '@fleet/shared/answers/form-fields.ts';
import { z } from 'zod';
import { badRequest } from '../../http/envelope.ts';
import { formFields } from '../crud/fields-schema.ts';
import type { ResourceHooks } from '../crud/hooks.ts';
import { removeAssetImage } from './asset-image.ts';

/**
 * Assets (spec 000 §3): created in the active company (massCompId = massDataId = active company); the list
 * answers the form's `fields` schema beside `data`; every row carries its devices in massDevice.
 */
export const assetHooks: ResourceHooks = {
  listExtra: {
    schema: { fields: z.array(formFieldSchema) },
    build: () => ({ fields: formFields(asset) }),
  },
  rowExtra: {
    schema: { massDevice: z.array(assetDeviceSchema) },
    async decorate(ctx, rows) {
      const ids = rows.map((r) => r.massId as number);
      const devices = ids.length
        ? await ctx.db
            .selectFrom('device')
            .select(['devcId', 'devcName', 'devcType', 'devcUniqueId', 'devcLabel', 'devcStatus', 'devcMassId'])
            .where('devcMassId', 'in', ids)
            .orderBy('devcName')
            .orderBy('devcId')
            .execute()
        : [];
      // grouped once: a filter per row is rows × devices (20 M steps for 1,000 vessels of 20 devices)
      const byAsset = new Map<number, unknown[]>(ids.map((id) => [id, []]));
      for (const { devcMassId, ...d } of devices as Record<string, unknown>[]) {
        byAsset.get(Number(devcMassId))?.push({ ...d, devcId: Number(d.devcId), devcStatus: String(d.devcStatus) });
      }
      for (const r of rows) r.massDevice = byAsset.get(r.massId as number) ?? [];
    },
  },
  async beforeCreate(ctx, values) {
    const compId = ctx.session.activeCompId;
    if (compId === null) throw badRequest('Select a company before adding an asset');
    values.massCompId = compId;
    values.massDataId = compId;
  },
  async afterCreate(ctx, id) {
    // a user who sees only assigned assets keeps sight of the asset they created
    const membership = await ctx.db
      .selectFrom('user_company')
      .select('uscoAllAssets')
      .where('uscoUserId', '=', ctx.session.userId)
      .where('uscoCompId', '=', ctx.session.activeCompId)
      .executeTakeFirst();
    if (membership && Number(membership.uscoAllAssets) !== 1) {
      await ctx.db.insertInto('user_asset').values({ uassUserId: ctx.session.userId, uassMassId: id }).execute();
    }
  },
  async afterDelete(ctx, stored) {
    await removeAssetImage(ctx.req.server.deps.config.dataDir, stored.massImage);
  },
};
