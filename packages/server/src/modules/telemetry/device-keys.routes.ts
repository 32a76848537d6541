import { deviceKeySchema, issuedDeviceKeySchema } from '@fleet/shared/answers/device-keys.ts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, notFound, ok } from '../../http/envelope.ts';
import { visibleAssetIds } from '../access/visibility.ts';
import { requirePermission, sessionOf } from '../auth/session.ts';
import { issueDeviceKey, listDeviceKeys, revokeDeviceKey } from './device-keys.ts';

/**
 * Ingest keys of a device, for administrators (permission master_device): issue (the plaintext is
 * answered once; an earlier live key with the same label is revoked — rotation), list without
 * secrets, revoke. Only devices on assets the user may see.
 */
const idParams = z.object({ id: z.coerce.number().int().positive() });

async function visibleDevice(app: FastifyInstance, req: FastifyRequest, devcId: number) {
  const db = app.deps.database.db;
  const device = await db
    .selectFrom('device')
    .select(['devcId', 'devcMassId'])
    .where('devcId', '=', devcId)
    .executeTakeFirst();
  const assets = await visibleAssetIds(db, sessionOf(req));
  if (!device || device.devcMassId === null || !assets.includes(Number(device.devcMassId))) throw notFound('Device');
  return Number(device.devcId);
}

export const deviceKeyRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = base.deps.database.db;

  app.post(
    '/master/device/:id/keys',
    {
      preHandler: requirePermission('master_device', 'update'),
      schema: {
        tags: ['device keys'],
        summary: 'Issue an ingest key (shown once; rotates the key with the same label)',
        params: idParams,
        body: z
          .object({ label: z.string().trim().min(1, 'Can not be empty').max(64, 'At most 64 characters').optional() })
          .optional(),
        response: { 200: envelope(issuedDeviceKeySchema) },
      },
    },
    async (req) => {
      const devcId = await visibleDevice(base, req, req.params.id);
      const label = req.body?.label ?? 'default';
      const key = await issueDeviceKey(db, devcId, label, sessionOf(req).userId);
      const [info] = await listDeviceKeys(db, devcId); // newest first
      return ok({ ...info, key });
    },
  );

  app.get(
    '/master/device/:id/keys',
    {
      preHandler: requirePermission('master_device', 'read'),
      schema: { tags: ['device keys'], params: idParams, response: { 200: envelope(z.array(deviceKeySchema)) } },
    },
    async (req) => {
      const devcId = await visibleDevice(base, req, req.params.id);
      const keys = await listDeviceKeys(db, devcId);
      return ok(keys);
    },
  );

  app.delete(
    '/master/device/:id/keys/:keyId',
    {
      preHandler: requirePermission('master_device', 'update'),
      schema: {
        tags: ['device keys'],
        summary: 'Revoke an ingest key',
        params: idParams.extend({ keyId: z.coerce.number().int().positive() }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const devcId = await visibleDevice(base, req, req.params.id);
      if (!(await revokeDeviceKey(db, devcId, req.params.keyId))) throw notFound('Key');
      return ok(null);
    },
  );
};
