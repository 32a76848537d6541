import type { CiiShipType } from '@fleet/shared/resources/options.ts';

/**
 * The demo vessels' tonnage and CII ship type (docs/domain.md §39), by vessel code: figures typical of their class
 * and of their descriptions (the tanker "3,500 DWT"; harbour and ocean tugs of 2 × 1,200–1,600 HP). Tugs and the
 * supply boat are `other`: MEPC.353(78) has no reference line for them.
 */
export interface DemoCapacity {
  gt: number;
  dwt: number;
  ciiType: CiiShipType;
}

export const DEMO_CAPACITY: Record<string, DemoCapacity> = {
  tb01: { gt: 198, dwt: 120, ciiType: 'other' },
  ot01: { gt: 2450, dwt: 3500, ciiType: 'tanker' },
  tb04: { gt: 165, dwt: 95, ciiType: 'other' },
  sb01: { gt: 480, dwt: 650, ciiType: 'other' },
  tb02: { gt: 150, dwt: 90, ciiType: 'other' },
  tb11: { gt: 290, dwt: 180, ciiType: 'other' },
};
