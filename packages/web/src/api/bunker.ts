import type { AssetRow, BunkerLogRow } from '@fleet/shared/answers/resource-rows.ts';
import type { bunkerDetailSchema, ToleranceBand } from '@fleet/shared/bunker.ts';
import type { z } from 'zod';
import { liveTexts } from './texts.ts';

/** GET /api/master/bunker/log/detail/{id}: its `log` is a bunker log row. */
export type BunkerDetail = Omit<z.infer<typeof bunkerDetailSchema>, 'log'> & { log: BunkerLogRow };

/** What the bunkering log form reads of an asset. */
export type AssetOption = Pick<AssetRow, 'massId' | 'massName'>;

const TOLERANCE_LABEL = liveTexts({
  within: 'toleranceWithin',
  warning: 'toleranceWarning',
  protest: 'toleranceProtest',
});

/** A tolerance band's tag: its colour and its label (in the language in force when read). */
export const TOLERANCE_TEXT: Readonly<Record<ToleranceBand, { readonly color: string; readonly label: string }>> = {
  within: {
    color: 'success',
    get label() {
      return TOLERANCE_LABEL.within;
    },
  },
  warning: {
    color: 'warning',
    get label() {
      return TOLERANCE_LABEL.warning;
    },
  },
  protest: {
    color: 'error',
    get label() {
      return TOLERANCE_LABEL.protest;
    },
  },
};
