import { z } from 'zod';

/**
 * A device of an asset as every asset row carries it in `massDevice` (`GET /api/master/asset`, `…/asset/{id}`,
 * `/api/master/company_asset`), ordered by name.
 */
export const assetDeviceSchema = z.object({
  devcId: z.number(),
  devcName: z.string(),
  devcType: z.string(),
  devcUniqueId: z.string(),
  devcLabel: z.string().nullable(),
  devcStatus: z.string(),
});
export type AssetDevice = z.infer<typeof assetDeviceSchema>;
