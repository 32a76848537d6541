import type { AssetRow, BunkerLogRow } from '@fleet/shared/answers/resource-rows.ts';
import type { bunkerDetailSchema, ToleranceBand } from '@fleet/shared/bunker.ts';
import type { z } from 'zod';

/** GET /api/master/bunker/log/detail/{id}: its `log` is a bunker log row. */
export type BunkerDetail = Omit<z.infer<typeof bunkerDetailSchema>, 'log'> & { log: BunkerLogRow };

/** What the bunkering log form reads of an asset. */
export type AssetOption = Pick<AssetRow, 'massId' | 'massName'>;

export const TOLERANCE_TEXT: Record<ToleranceBand, { color: string; label: string }> = {
  within: { color: 'success', label: 'Within' },
  warning: { color: 'warning', label: 'Check' },
  protest: { color: 'error', label: 'Protest advised' },
};
