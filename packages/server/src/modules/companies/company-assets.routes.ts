import { asset } from '@fleet/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { parseListQuery } from '../../http/list-query.ts';
import { scopeContext } from '../access/visibility.ts';
import { assetHooks } from '../assets/asset.hooks.ts';
import { requirePermission, sessionOf } from '../auth/session.ts';
import { listRows } from '../crud/rows.ts';
import { resourceSchemas } from '../crud/schemas.ts';
import { assetsVisibleInCompanies } from './company-assets.ts';

type Raw = Record<string, string | string[] | undefined>;

/** Path of the assets of the user's companies (not only the active one's). */
export const COMPANY_ASSET_PATH = 'company_asset';

/**
 * GET /master/company_asset: the assets the user may see in any of their companies, answered like
 * GET /master/asset (same filters, search, orders, paging). Company Detail asks finds[massCompId]={id};
 * the User Asset picker asks the companies of the user being edited.
 */
export const companyAssetRoutes: FastifyPluginAsync = async (app) => {
  const s = resourceSchemas(asset, { rowExtra: assetHooks.rowExtra });
  app.withTypeProvider<ZodTypeProvider>().get(
    `/master/${COMPANY_ASSET_PATH}`,
    {
      schema: {
        tags: [asset.name],
        summary: "Assets of the user's companies (every company, not only the active one)",
        querystring: s.query,
        response: { 200: s.periodList },
      },
      preValidation: requirePermission(asset.permission, 'read'),
    },
    async (req) => {
      const db = app.deps.database.db;
      const session = sessionOf(req);
      const lq = parseListQuery(req.query as Raw, {
        filters: asset.filters,
        orders: asset.orders,
        search: asset.search,
        defaultPageSize: asset.pageSize,
      });
      const base = await scopeContext(db, session);
      const scope = { ...base, assetIds: await assetsVisibleInCompanies(db, session.userId, base.companyIds) };
      const { rows, total } = await listRows(db, asset, scope, lq);
      await assetHooks.rowExtra?.decorate({ db, session, scope, req }, rows);
      return ok(rows, total);
    },
  );
};
