import type { ResourceHooks } from '../crud/hooks.ts';

/**
 * Tank headers (issue 28): `tahdFuelType` is answered as the name of the header's fuel type (`tahdMftyId`), as the
 * spec's API names it; a header without one answers the text stored before the Fuel Type list was used
 * (migration 029), so a text that named no fuel type stays visible.
 */
export const tankHeaderHooks: ResourceHooks = {
  rowExtra: {
    schema: {},
    async decorate(_ctx, rows) {
      for (const r of rows) {
        const name = (r.tahdMfty as { mftyName?: unknown } | null | undefined)?.mftyName;
        if (typeof name === 'string') r.tahdFuelType = name;
      }
    },
  },
};
