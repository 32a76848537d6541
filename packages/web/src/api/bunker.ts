import type {
  BunkerAdjustmentAnswer,
  BunkerFigures,
  bunkerRowSummarySchema,
  Discrepancy,
  ToleranceBand,
} from '@fleet/shared/bunker.ts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './client.ts';
import { DROPDOWN_MAX, type Row } from './resources.ts';

export type { Discrepancy, ToleranceBand };

export interface BunkerLogRow extends Row {
  bklgId: number;
  bklgMassId: number;
  bklgMbloId: number | null;
  bklgMftyId: number | null;
  bklgStartDatetime: string;
  bklgEndDatetime: string;
  bklgTargetBunker: number;
  bklgType: 'IN' | 'OUT';
  bklgStartSounding: number | null;
  bklgEndSounding: number | null;
  bklgNote: string | null;
  bklgMass: { massName: string } | null;
  bklgMblo: { mbloName: string } | null;
  bklgMfty: { mftyName: string } | null;
  bklgSummary: z.infer<typeof bunkerRowSummarySchema> | null;
}

export type BunkerAdjustment = BunkerAdjustmentAnswer;

/** GET /api/master/bunker/log/detail/{id} */
export type BunkerDetail = BunkerFigures & { log: BunkerLogRow; adjustments: Record<string, BunkerAdjustment> };

export interface AssetOption {
  massId: number;
  massName: string;
}

/** The assets of the active company (dropdown, max 1000; spec 002 §7.6). */
export function useAssets() {
  return useQuery({
    queryKey: ['bunker', 'assets'],
    queryFn: async ({ signal }) =>
      (
        await api.list<AssetOption>('/master/asset', {
          signal,
          silent: true,
          query: { max: DROPDOWN_MAX, orders: { massName: 'asc' } },
        })
      ).rows.map((a) => ({ massId: Number(a.massId), massName: String(a.massName) })),
    staleTime: 60_000,
  });
}

export const TOLERANCE_TEXT: Record<ToleranceBand, { color: string; label: string }> = {
  within: { color: 'success', label: 'Within' },
  warning: { color: 'warning', label: 'Check' },
  protest: { color: 'error', label: 'Protest advised' },
};
