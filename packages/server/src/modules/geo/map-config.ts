import type { BaseLayer } from '@fleet/shared/answers/geo.ts';

/**
 * Base-layer configuration (README "Map tiles"): each of the Change Map cycle's three layers is on only when its
 * URL is set. An XYZ template (`https://…/{z}/{x}/{y}.png`), or a WMS service when `…_LAYERS` is set.
 */
const LAYERS = [
  { id: 'satellite', name: 'Satellite hybrid', env: 'MAP_SATELLITE' },
  { id: 'road', name: 'Road map', env: 'MAP_ROAD' },
  { id: 'bathymetry', name: 'Bathymetry', env: 'MAP_BATHYMETRY' },
] as const;

export function loadBaseLayers(env: NodeJS.ProcessEnv = process.env): BaseLayer[] {
  const out: BaseLayer[] = [];
  for (const l of LAYERS) {
    const url = env[`${l.env}_URL`]?.trim();
    if (!url || !/^https?:\/\//.test(url)) continue;
    const layers = env[`${l.env}_LAYERS`]?.trim();
    out.push({
      id: l.id,
      name: l.name,
      kind: layers ? 'wms' : 'tile',
      url,
      attribution: env[`${l.env}_ATTRIBUTION`]?.trim() || '',
      ...(layers ? { layers } : {}),
    });
  }
  return out;
}
