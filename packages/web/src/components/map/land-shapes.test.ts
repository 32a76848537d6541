import L from 'leaflet';
import { describe, expect, it, vi } from 'vitest';
import { LandShapes, projectLand } from './land-shapes.ts';
import { loadLand } from './NaturalEarthBase.tsx';

describe('projectLand', () => {
  it('puts every coastline point where Leaflet projects it, at every zoom the map shows', async () => {
    const fc = await loadLand('50m');
    const land = projectLand(fc);
    const points = fc.features.flatMap((f) =>
      (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates).flat(),
    );
    expect(land.rings.length).toBe(points.length);
    let compared = 0;
    let off = 0;
    for (const z of [3, 5, 8]) {
      const k = 2 ** z;
      points.forEach((ring, r) => {
        for (let i = 0; i < ring.length; i += 7) {
          const p = L.CRS.EPSG3857.latLngToPoint(L.latLng(ring[i][1], ring[i][0]), z).round();
          compared++;
          if (Math.round(land.rings[r][2 * i] * k) !== p.x || Math.round(land.rings[r][2 * i + 1] * k) !== p.y) off++;
        }
      });
    }
    expect(compared).toBeGreaterThan(10_000);
    // the two formulas may round a point lying on a half pixel apart; nothing else
    expect(off / compared).toBeLessThan(1e-3);
  });
});

describe('LandShapes', () => {
  it('draws the rings in view at the layer points Leaflet’s polygon has, and leaves out the rings outside', () => {
    // jsdom has no 2D context: one that draws nothing (the layer points are what is compared)
    const ctx = new Proxy({}, { get: () => () => {} });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as never);
    const el = document.createElement('div');
    Object.defineProperty(el, 'clientWidth', { value: 800 });
    Object.defineProperty(el, 'clientHeight', { value: 600 });
    document.body.append(el);
    const map = L.map(el, { center: [-6, 110], zoom: 6 });
    const renderer = L.canvas({ padding: 0.3 });
    const inView = [
      [109, -7],
      [111.5, -7.2],
      [111, -5.1],
      [109, -7],
    ];
    const farAway = [
      [10, 50],
      [12, 50],
      [11, 52],
      [10, 50],
    ];
    const fc = {
      type: 'FeatureCollection' as const,
      features: [
        {
          type: 'Feature' as const,
          properties: {},
          geometry: { type: 'MultiPolygon' as const, coordinates: [[inView], [farAway]] },
        },
      ],
    };
    const shapes = new LandShapes(projectLand(fc), { renderer }).addTo(map) as unknown as { _parts: L.Point[][] };
    const leaflet = L.polygon(
      inView.map(([lng, lat]) => L.latLng(lat, lng)),
      { renderer, noClip: true, smoothFactor: 0 },
    ).addTo(map) as unknown as { _parts: L.Point[][] };
    expect(shapes._parts.length).toBe(1);
    expect(shapes._parts[0].map((p) => [p.x, p.y])).toEqual(leaflet._parts[0].map((p) => [p.x, p.y]));
    map.remove();
    el.remove();
    vi.restoreAllMocks();
  });
});
