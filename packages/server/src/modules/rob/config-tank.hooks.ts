import { badRequest } from '../../http/envelope.ts';
import type { HookContext, ResourceHooks } from '../crud/hooks.ts';
import type { Row } from '../crud/rows.ts';

export const TANK_HEADER_COMPANY_MESSAGE = "The tank header must belong to the company of the device's asset";

/**
 * A tank's sounding table comes from its own company (issue 28: Config Tank took another company's tank header for
 * a tank device when the administrator saw both): the tank header's company is the device's asset's company.
 */
async function refuseOtherCompany(ctx: HookContext, deviceId: unknown, tankHeaderId: unknown) {
  const [device, header] = await Promise.all([
    ctx.db
      .selectFrom('device')
      .innerJoin('asset', 'asset.massId', 'device.devcMassId')
      .select('asset.massCompId')
      .where('device.devcId', '=', Number(deviceId))
      .executeTakeFirst(),
    ctx.db.selectFrom('tank_header').select('tahdCompId').where('tahdId', '=', Number(tankHeaderId)).executeTakeFirst(),
  ]);
  // a device on no asset has no company yet: nothing to compare (the reference checks found both rows)
  if (device && header && Number(device.massCompId) !== Number(header.tahdCompId))
    throw badRequest({ mcotTahdId: [TANK_HEADER_COMPANY_MESSAGE] });
}

export const configTankHooks: ResourceHooks = {
  async beforeCreate(ctx, values: Row) {
    await refuseOtherCompany(ctx, values.mcotDeviceId, values.mcotTahdId);
  },
  async beforeUpdate(ctx, stored: Row, values: Row) {
    await refuseOtherCompany(ctx, values.mcotDeviceId ?? stored.mcotDeviceId, values.mcotTahdId ?? stored.mcotTahdId);
  },
};
