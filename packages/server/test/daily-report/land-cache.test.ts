import { geoMercator, geoPath } from 'd3-geo';
import { describe, expect, it } from 'vitest';
import { clipRing, projectedPolygon } from '../../src/modules/daily-report/land-cache.ts';
import { land, landPolygon } from '../../src/modules/daily-report/land-index.ts';
import { MAP_HEIGHT, MAP_WIDTH, mapShapes } from '../../src/modules/daily-report/map.ts';

/**
 * The report maps' land projected once per zoom (issue 29) must show what projecting it for each map with d3-geo
 * (the code before) showed: the same points where nothing is clipped, the same land area in the frame.
 */
const d3Projection = (zoom: number, lat: number, lon: number) =>
  geoMercator()
    .scale((256 * 2 ** zoom) / (2 * Math.PI))
    .center([lon, lat])
    .translate([MAP_WIDTH / 2, MAP_HEIGHT / 2])
    .clipExtent([
      [-2, -2],
      [MAP_WIDTH + 2, MAP_HEIGHT + 2],
    ])
    .precision(0);

/** Signed area (px²) of rings of x, y pairs, summed (the shoelace formula): holes count against their polygon. */
const signedArea = (rings: number[][]) =>
  rings.reduce((sum, r) => {
    let a = 0;
    for (let i = 0; i < r.length; i += 2) {
      const j = (i + 2) % r.length;
      a += r[i] * r[j + 1] - r[j] * r[i + 1];
    }
    return sum + a / 2;
  }, 0);

/**
 * The rings d3-geo drew for the land in the frame (the code before issue 29: the polygons whose box meets the frame,
 * projected and clipped one by one), as x, y pairs.
 */
function d3Rings(zoom: number, lat: number, lon: number): number[][] {
  const rings: number[][] = [];
  let ring: number[] = [];
  const context = {
    moveTo: (x: number, y: number) => {
      ring = [x, y];
      rings.push(ring);
    },
    lineTo: (x: number, y: number) => ring.push(x, y),
    closePath: () => {},
    beginPath: () => {},
    arc: () => {},
  };
  const projection = d3Projection(zoom, lat, lon);
  const path = geoPath(projection, context);
  const [west, north] = projection.invert?.([0, 0]) ?? [-180, 90];
  const [east, south] = projection.invert?.([MAP_WIDTH, MAP_HEIGHT]) ?? [180, -90];
  const index = land();
  const b = index.bbox;
  for (let p = 0; p < index.polygons; p++)
    if (!(b[4 * p + 2] < west || b[4 * p] > east || b[4 * p + 3] < south || b[4 * p + 1] > north))
      path(landPolygon(index, p));
  return rings;
}

const map = (zoom: number, latitude: number, longitude: number, simplify?: number) =>
  mapShapes({ zoom, center: { latitude, longitude }, track: [] }, simplify);

describe('report map land cache', () => {
  it('an island inside the frame: every point where d3 geoMercator puts it (no thinning)', () => {
    // Bali at zoom 6: the whole island in the frame
    const zoom = 6;
    const [lat, lon] = [-8.4, 115.2];
    const projection = d3Projection(zoom, lat, lon);
    const index = land();
    const bali = [...Array(index.polygons).keys()].find((p) => {
      const [w, s, e, n] = index.bbox.subarray(4 * p, 4 * p + 4);
      return w > 114.4 && e < 115.8 && s > -9 && n < -8 && e - w > 1;
    });
    expect(bali).toBeDefined();
    const ring = landPolygon(index, bali as number).coordinates[0];
    const mine = map(zoom, lat, lon, 0).land.find((r) => r.length === 2 * (ring.length - 1));
    expect(mine).toBeDefined();
    let worst = 0;
    ring.slice(0, -1).forEach((point, i) => {
      const [x, y] = projection(point as [number, number]) as [number, number];
      worst = Math.max(worst, Math.abs(x - (mine as number[])[2 * i]), Math.abs(y - (mine as number[])[2 * i + 1]));
    });
    expect(worst).toBeLessThan(1e-6);
  });

  it.each([
    ['Jakarta, zoom 11 (coast)', 11, -6.1, 106.88],
    ['Java Sea, zoom 6', 6, -5.9, 106.8],
    ['Singapore Strait, zoom 11', 11, 1.26, 103.82],
    ['Makassar Strait, zoom 6', 6, -0.5, 117.2],
  ])('%s: the land area in the frame as d3-geo clips it (thinned: within half a per cent)', (_, zoom, lat, lon) => {
    // fill area: d3's rings and these wind the same way (nonzero fill), so signed sums compare
    const reference = Math.abs(signedArea(d3Rings(zoom, lat, lon)));
    expect(reference).toBeGreaterThan(100);
    expect(reference).toBeLessThan(MAP_WIDTH * MAP_HEIGHT);
    expect(Math.abs(signedArea(map(zoom, lat, lon, 0).land)) / reference - 1).toBeCloseTo(0, 4);
    expect(Math.abs(Math.abs(signedArea(map(zoom, lat, lon).land)) / reference - 1)).toBeLessThan(0.005);
  });

  it('projected once per zoom: another centre at the same zoom reads the same rings', () => {
    const index = land();
    const first = projectedPolygon(index, 6, 0);
    map(6, -6.1, 106.88);
    map(6, 1.26, 103.82);
    expect(projectedPolygon(index, 6, 0)).toBe(first);
    expect(projectedPolygon(index, 11, 0)).not.toBe(first);
  });

  it('rings across the antimeridian (Fiji) stay whole: none is drawn across the frame', () => {
    const m = map(6, -17.7, 178.4);
    expect(m.land.length).toBeGreaterThan(5);
    for (const ring of m.land) {
      const xs = ring.filter((_, i) => i % 2 === 0);
      expect(Math.max(...xs) - Math.min(...xs)).toBeLessThan(200);
    }
  });

  it('a ring clipped to the frame: cut at the sides, the points along one side merged', () => {
    // a 10 × 10 square from (−5, 0), half left of the frame [0, 100] × [0, 100]
    const ring = {
      xy: Float64Array.from([-5, 0, 5, 0, 5, 10, -5, 10]),
      box: [-5, 0, 5, 10] as [number, number, number, number],
    };
    expect(clipRing(ring, 0, 0, 0, 0, 100, 100)).toEqual([0, 0, 5, 0, 5, 10, 0, 10]);
    expect(clipRing(ring, 50, 0, 0, 0, 100, 100)).toEqual([45, 0, 55, 0, 55, 10, 45, 10]); // inside: shifted only
    expect(clipRing(ring, -20, 0, 0, 0, 100, 100)).toEqual([]); // outside
  });
});
