import { readFileSync } from 'node:fs';
import type { FeatureCollection, MultiPolygon } from 'geojson';
import { feature } from 'topojson-client';
import { describe, expect, it } from 'vitest';
import { indexLand, landFile, landPolygon, parseTopology } from '../../src/modules/daily-report/land-index.ts';

/**
 * The flat land index of the report maps (issue 15 memory) must give the coastlines topojson-client gives: the same
 * polygons in the same order, every coordinate the same double.
 */
describe('report map land index', () => {
  it('a hand-made topology: quantized arcs joined, a reversed arc, the bounding box', () => {
    // arc 0: (0,0) (2,0) (2,2) in quanta; arc 1: (0,0) (0,2) (2,2), used reversed: (2,2) (0,2) (0,0)
    // transform: x = q · 0.5 + 10, y = q · 0.25 − 5
    const text = JSON.stringify({
      type: 'Topology',
      transform: { scale: [0.5, 0.25], translate: [10, -5] },
      objects: { land: { type: 'GeometryCollection', geometries: [{ type: 'Polygon', arcs: [[0, ~1]] }] } },
      arcs: [
        [
          [0, 0],
          [2, 0],
          [0, 2],
        ],
        [
          [0, 0],
          [0, 2],
          [2, 0],
        ],
      ],
    });
    const index = indexLand(parseTopology(text));
    expect(index.polygons).toBe(1);
    expect(landPolygon(index, 0).coordinates).toEqual([
      [
        [10, -5],
        [11, -5],
        [11, -4.5],
        [10, -4.5],
        [10, -5],
      ],
    ]);
    expect([...index.bbox]).toEqual([10, -5, 11, -4.5]); // west, south, east, north
  });

  it('an unquantized topology (decimal and exponent numbers), a ring padded to 4 points, a hole', () => {
    const text = `{"type":"Topology","arcs":[[[1.5,2e0],[-3.25,4]],[[0,0],[1,0],[0,1],[0,0]]],
      "objects":{"land":{"type":"GeometryCollection","geometries":[{"type":"MultiPolygon","arcs":[[[0]],[[1],[1]]]}]}}}`;
    const index = indexLand(parseTopology(text));
    expect(index.polygons).toBe(2);
    // a 2-point ring is padded with its first point, as topojson-client does
    expect(landPolygon(index, 0).coordinates).toEqual([
      [
        [1.5, 2],
        [-3.25, 4],
        [1.5, 2],
        [1.5, 2],
      ],
    ]);
    expect(landPolygon(index, 1).coordinates).toHaveLength(2);
    expect([...index.bbox.subarray(0, 4)]).toEqual([-3.25, 2, 1.5, 4]);
  });

  it('1:10 m land: every polygon and coordinate as topojson-client decodes it', () => {
    const text = readFileSync(landFile(), 'utf8');
    const index = indexLand(parseTopology(text));
    const topo = JSON.parse(text);
    const land = feature(topo, topo.objects.land) as unknown as FeatureCollection<MultiPolygon>;
    const geometry = land.features[0].geometry;
    expect(index.polygons).toBe(geometry.coordinates.length);
    let points = 0;
    let different = 0;
    geometry.coordinates.forEach((polygon, p) => {
      const mine = landPolygon(index, p).coordinates;
      if (mine.length !== polygon.length) different++;
      polygon.forEach((ring, r) => {
        if (mine[r]?.length !== ring.length) different++;
        ring.forEach(([x, y], k) => {
          points++;
          if (!Object.is(mine[r]?.[k]?.[0], x) || !Object.is(mine[r]?.[k]?.[1], y)) different++;
        });
      });
    });
    expect(points).toBeGreaterThan(400_000);
    expect(different).toBe(0);
  });
});
