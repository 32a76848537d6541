import L from 'leaflet';
import { describe, expect, it } from 'vitest';
import { vesselRenderer } from './vessel-canvas.ts';

const layer = (x0: number, y0: number, x1: number, y1: number, weight?: number): FakeLayer => ({
  _pxBounds: L.bounds([x0, y0], [x1, y1]),
  options: { weight },
});

/** what the renderer reads of a path layer; a layer not yet projected has no `_pxBounds` */
interface FakeLayer {
  _pxBounds?: L.Bounds;
  options: { weight?: number };
}

/** the canvas renderer's private redraw area (Leaflet 1.9), and its in-place rounding */
interface RendererInternals {
  _extendRedrawBounds(layer: FakeLayer): void;
  _redrawBounds: { min: L.Point & { _floor(): L.Point }; max: L.Point };
}

describe('vesselRenderer', () => {
  it('grows the redraw area as Leaflet’s canvas does, without sharing the layers’ points', () => {
    const ours = vesselRenderer({}) as L.Canvas & RendererInternals;
    const leaflet = L.canvas({}) as L.Canvas & RendererInternals;
    const layers: FakeLayer[] = [
      layer(10, 20, 30, 40),
      layer(-5, 25, 12, 90, 3),
      layer(100, -7, 101, 8),
      { options: {} },
    ];
    for (const l of layers) {
      ours._extendRedrawBounds(l);
      leaflet._extendRedrawBounds(l);
    }
    expect(ours._redrawBounds.min).toEqual(leaflet._redrawBounds.min);
    expect(ours._redrawBounds.max).toEqual(leaflet._redrawBounds.max);
    // Leaflet rounds the area in place before a redraw: the layers' own bounds must not move
    ours._redrawBounds.min._floor();
    expect(layers[0]._pxBounds?.min).toEqual(L.point(10, 20));
  });
});
