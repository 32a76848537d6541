import type { PulseAnswer, PulseRow } from '@fleet/shared/answers/pulse.ts';
import type { AssetRow } from '@fleet/shared/answers/resource-rows.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { useLiveSocket } from '../../api/live-socket.ts';

/** Spec 002 §9: fleet data refreshed every 60 s (the REST reconcile; the live push replaces it when present). */
export const REFRESH_MS = 60_000;

/** Newer pushed readings replace the ones of the same device (older or other assets' ones are ignored). */
export function mergePulse(current: PulseRow[], pushed: PulseRow[], massId: number): PulseRow[] {
  const byId = new Map(current.map((r) => [r.devcUniqueId, r]));
  for (const r of pushed) {
    if (r.devcMassId !== massId) continue;
    const old = byId.get(r.devcUniqueId);
    if (!old || Number(r.timestamp) >= Number(old.timestamp)) byId.set(r.devcUniqueId, { ...old, ...r });
  }
  return [...byId.values()];
}

/**
 * The latest reading of each device of an asset: GET /api/series/device/all/pulse?device[]=…, kept current by the
 * live push (/api/socket, the fleet map's connection) between the 60 s reconciles.
 */
export function useAssetPulse(
  asset: Pick<AssetRow, 'massId' | 'massDevice'> | undefined,
  refetchInterval = REFRESH_MS,
) {
  const client = useQueryClient();
  const massId = asset?.massId;
  useLiveSocket(
    (rows) => {
      if (massId == null) return;
      client.setQueryData<PulseAnswer>(['pulse', massId], (old) =>
        old ? { series: mergePulse(old.series, rows, massId) } : old,
      );
    },
    // pushes were missed while the socket was away (dropped, or closed for falling behind): read the pulse again
    () => void client.invalidateQueries({ queryKey: ['pulse', massId] }),
  );
  return useQuery({
    queryKey: ['pulse', asset?.massId],
    enabled: !!asset,
    refetchInterval,
    queryFn: ({ signal }) =>
      api.get<PulseAnswer>('/series/device/all/pulse', {
        signal,
        query: { 'device[]': asset?.massDevice.map((d) => d.devcUniqueId) ?? [] },
      }),
    select: (d) => d.series,
  });
}

/** The side of a device for the dashboard: its label, else the last dash segment of its id (1 port, 3 starboard). */
export function sideOfDevice(p: Pick<PulseRow, 'devcLabel' | 'devcUniqueId'>): 'PORT' | 'STARBOARD' | null {
  if (p.devcLabel === 'PORT' || p.devcLabel === 'PORT_IN') return 'PORT';
  if (p.devcLabel === 'STARBOARD' || p.devcLabel === 'STARBOARD_IN') return 'STARBOARD';
  const last = p.devcUniqueId.split('-').at(-1);
  return last === '1' ? 'PORT' : last === '3' ? 'STARBOARD' : null;
}

/** Current Data per side (spec 002 §2.9): RPM, flow rate, density, flow temperature, exhaust and reservoir temperature. */
export function currentData(rows: PulseRow[] | undefined, side: 'PORT' | 'STARBOARD') {
  const pick = (type: string, label: string | null, key: string) => {
    const r = rows?.find(
      (x) =>
        x.devcType === type &&
        (label == null || x.devcLabel === label) &&
        sideOfDevice(x) === side &&
        x.devcLabel !== `${side}_OUT`,
    );
    const v = r?.[key];
    return typeof v === 'number' ? v : null;
  };
  return {
    rpm: pick('rpm', null, 'rpm'),
    flowrate: pick('flowmeter', `${side}_IN`, 'volumeFlowrate'),
    density: pick('flowmeter', `${side}_IN`, 'density'),
    flowTemp: pick('flowmeter', `${side}_IN`, 'temperature'),
    exhaustTemp: pick('temperature', 'EXHAUST_TEMPERATURE', 'temperature'),
    reservoirTemp: pick('temperature', 'TEMPERATURE', 'temperature'),
  };
}
