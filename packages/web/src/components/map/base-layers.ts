import type { BaseLayer } from '@fleet/shared/answers/geo.ts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { api } from '../../api/client.ts';

/** The id of the always-available offline base in the Change Map cycle. */
export const OFFLINE_BASE_ID = 'offline';
const STORAGE_KEY = 'fleet.map.baseLayer';

/**
 * The configured tile/WMS base layers (empty when none is configured or the call fails). The offline Natural Earth
 * base is not in this list: it is always drawn underneath.
 */
export function useBaseLayers(enabled = true): BaseLayer[] {
  return useGeoList<BaseLayer>('/geo/base-layers', enabled);
}

/** A list the server's geo module answers once per page life (configuration, ports); empty until loaded or on failure. */
export function useGeoList<T>(path: string, enabled = true): T[] {
  const q = useQuery({
    enabled,
    queryKey: ['geo', path],
    queryFn: ({ signal }) => api.get<T[]>(path, { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return q.data ?? [];
}

/**
 * The Change Map cycle (spec 002 §2.5): configured layers in order, then the offline base; the choice is
 * remembered in localStorage. Returns the active id (one of the layers or OFFLINE_BASE_ID) and `next()`.
 */
export function useBaseLayerCycle(layers: BaseLayer[]) {
  const [chosen, setChosen] = useState<string>(() => readChoice());
  const key = layers.map((l) => l.id).join('|');
  const ids = useMemo(() => [...(key ? key.split('|') : []), OFFLINE_BASE_ID], [key]);
  const active = ids.includes(chosen) ? chosen : ids[0];
  const next = useCallback(() => {
    const i = ids.indexOf(active);
    const id = ids[(i + 1) % ids.length];
    setChosen(id);
    writeChoice(id);
  }, [ids, active]);
  return { active, ids, next };
}

function readChoice(): string {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}
function writeChoice(id: string) {
  try {
    localStorage.setItem(STORAGE_KEY, id);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
}
