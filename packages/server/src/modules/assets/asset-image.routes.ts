import { asset } from '@fleet/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, envelope, forbidden, notFound, ok } from '../../http/envelope.ts';
import { fileTooLarge, multipartError } from '../../http/multipart.ts';
import { nowSeconds } from '../../http/time.ts';
import { scopeContext } from '../access/visibility.ts';
import { requirePermission, sessionOf } from '../auth/session.ts';
import { answerRow, visibleStored } from '../crud/register.ts';
import { resourceSchemas } from '../crud/schemas.ts';
import { assetHooks } from './asset.hooks.ts';
import {
  ASSET_IMAGE_MAX_BYTES,
  ASSET_IMAGE_TOO_LARGE_MESSAGE,
  ASSET_IMAGE_TYPES_MESSAGE,
  ASSET_IMAGE_UNREADABLE_MESSAGE,
  decodesAs,
  imageKind,
  readAssetImage,
  removeAssetImage,
  saveAssetImage,
} from './asset-image.ts';

const tooLarge = { field: 'image', message: ASSET_IMAGE_TOO_LARGE_MESSAGE };

/**
 * The one file part `image`, read whole. The multipart limit is one byte above the maximum so that an
 * oversize file is seen as oversize every time (busboy truncates at the limit; a file cut to exactly the
 * limit must never pass): 413 when the part was truncated or is longer than the maximum.
 */
async function readImagePart(req: FastifyRequest): Promise<{ filename: string; data: Buffer }> {
  try {
    const file = await req.file({ limits: { fileSize: ASSET_IMAGE_MAX_BYTES + 1, files: 1 } });
    if (file?.fieldname !== 'image') {
      file?.file.resume();
      throw badRequest({ image: ['Choose an image to upload'] });
    }
    const data = await file.toBuffer();
    if (file.file.truncated || data.length > ASSET_IMAGE_MAX_BYTES) throw fileTooLarge('image', tooLarge.message);
    return { filename: file.filename, data };
  } catch (err) {
    throw multipartError(err, tooLarge);
  }
}

/** The image of the request, checked as an upload would be: its type, its size, and that it decodes whole. */
async function readValidImage(req: FastifyRequest): Promise<{ kind: 'png' | 'jpg'; data: Buffer }> {
  if (!req.isMultipart()) throw badRequest({ image: ['Send the image as multipart/form-data in the field image'] });
  const bytes = await readImagePart(req);
  const kind = imageKind(bytes.filename, bytes.data);
  if (!kind) throw badRequest({ image: [ASSET_IMAGE_TYPES_MESSAGE] });
  if (!decodesAs(kind, bytes.data)) throw badRequest({ image: [ASSET_IMAGE_UNREADABLE_MESSAGE] });
  return { kind, data: bytes.data };
}

/** Who may save an asset with an image: create or update on master_asset. */
async function mayWriteAsset(req: FastifyRequest) {
  const ops = sessionOf(req).access[asset.permission] ?? [];
  if (!ops.includes('create') && !ops.includes('update')) {
    throw forbidden('You do not have create or update access to master_asset');
  }
}

/**
 * POST /master/asset/image/check (issue 28: all or nothing): the asset form sends its image here before it saves
 * the asset, so that a file the upload would refuse leaves nothing saved. Stores nothing.
 * POST /master/asset/upload/{id} (multipart field `image`) and GET /uploads/… (the image at /api/{massImage}).
 * Images are served without a token — an <img> tag cannot send one — but only files this module stored.
 */
export const assetImageRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = resourceSchemas(asset, assetHooks);
  const dataDir = app.deps.config.dataDir;

  r.post(
    '/master/asset/image/check',
    {
      schema: {
        tags: [asset.name],
        summary: 'Check an asset image before saving the asset (multipart field image); stores nothing',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.null()) },
      },
      preValidation: mayWriteAsset,
    },
    async (req) => {
      await readValidImage(req);
      return ok(null);
    },
  );

  r.post(
    '/master/asset/upload/:id',
    {
      schema: {
        tags: [asset.name],
        summary: 'Upload the asset image (multipart field image: .jpeg, .jpg or .png, at most 5 MB)',
        consumes: ['multipart/form-data'],
        params: s.params,
        response: { 200: s.one },
      },
      preValidation: requirePermission(asset.permission, 'update'),
    },
    async (req) => {
      const db = app.deps.database.db;
      const session = sessionOf(req);
      const ctx = { db, session, scope: await scopeContext(db, session), req };
      const id = req.params.id;
      const stored = await visibleStored(asset, ctx, id);
      const { kind, data } = await readValidImage(req);
      const massImage = await saveAssetImage(dataDir, Number(id), kind, data);
      await db
        .updateTable('asset')
        .set({ massImage, massUpdatedUserId: session.userId, massUpdatedTime: nowSeconds() })
        .where('massId', '=', id)
        .execute();
      await removeAssetImage(dataDir, stored.massImage);
      return ok(await answerRow(asset, assetHooks, ctx, id));
    },
  );

  r.get(
    '/uploads/*',
    {
      schema: {
        tags: [asset.name],
        summary: 'An uploaded asset image',
        params: z.object({ '*': z.string() }),
        produces: ['image/png', 'image/jpeg'],
      },
    },
    async (req, reply) => {
      const image = await readAssetImage(dataDir, `uploads/${req.params['*']}`);
      if (!image) throw notFound('Image');
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
  );
};
