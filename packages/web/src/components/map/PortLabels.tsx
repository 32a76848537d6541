import type { Port } from '@fleet/shared/answers/geo.ts';
import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { useGeoList } from './base-layers.ts';

/** The port list of the offline gazetteer (`GET /api/geo/ports`), for the base map's labels. */
export function usePorts(enabled = true): Port[] {
  return useGeoList<Port>('/geo/ports', enabled);
}

/** Zoom from which port names are written (dots are drawn from the minimum zoom). */
const LABEL_ZOOM = 6;

/** The layer as its methods see it: Leaflet's `_map` (null once removed) and the layer's own state. */
interface PortCanvasInternals {
  _map: L.Map | null;
  _ports: Port[];
  _canvas: HTMLCanvasElement;
  _redraw(): void;
  _clear(): void;
}

/**
 * Canvas layer of port dots and names, one canvas for all of them; labels that would overlap an earlier one
 * are skipped. Redrawn after each move or zoom.
 */
const PortCanvas: new (ports: Port[]) => L.Layer = L.Layer.extend({
  initialize(this: PortCanvasInternals, ports: Port[]) {
    this._ports = ports;
  },
  onAdd(this: PortCanvasInternals, map: L.Map) {
    this._canvas = L.DomUtil.create('canvas', 'fleet-port-labels');
    this._canvas.style.pointerEvents = 'none';
    const pane = map.getPane('overlayPane');
    pane?.appendChild(this._canvas);
    map.on('moveend zoomend resize viewreset', this._redraw, this);
    map.on('zoomstart', this._clear, this);
    this._redraw();
  },
  onRemove(this: PortCanvasInternals, map: L.Map) {
    map.off('moveend zoomend resize viewreset', this._redraw, this);
    map.off('zoomstart', this._clear, this);
    this._canvas.remove();
  },
  setPorts(this: PortCanvasInternals, ports: Port[]) {
    this._ports = ports;
    if (this._map) this._redraw();
  },
  _clear(this: PortCanvasInternals) {
    const ctx = this._canvas.getContext('2d');
    ctx?.clearRect(0, 0, this._canvas.width, this._canvas.height);
  },
  _redraw(this: PortCanvasInternals) {
    const map = this._map;
    if (!map) return;
    const size = map.getSize();
    const ratio = window.devicePixelRatio || 1;
    const canvas = this._canvas;
    canvas.width = size.x * ratio;
    canvas.height = size.y * ratio;
    canvas.style.width = `${size.x}px`;
    canvas.style.height = `${size.y}px`;
    L.DomUtil.setPosition(canvas, map.containerPointToLayerPoint([0, 0]));
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, size.x, size.y);
    const bounds = map.getBounds().pad(0.05);
    const withLabels = map.getZoom() >= LABEL_ZOOM;
    const taken: [number, number, number, number][] = [];
    ctx.font = '11px sans-serif';
    ctx.textBaseline = 'middle';
    for (const p of this._ports) {
      if (!bounds.contains([p.lat, p.lng])) continue;
      const pt = map.latLngToContainerPoint([p.lat, p.lng]);
      ctx.fillStyle = '#1f4e79';
      ctx.beginPath();
      ctx.arc(pt.x, pt.y, 2.5, 0, Math.PI * 2);
      ctx.fill();
      if (!withLabels) continue;
      const w = ctx.measureText(p.name).width;
      const box: [number, number, number, number] = [pt.x + 5, pt.y - 7, pt.x + 5 + w, pt.y + 7];
      if (taken.some((t) => box[0] < t[2] && box[2] > t[0] && box[1] < t[3] && box[3] > t[1])) continue;
      taken.push(box);
      ctx.lineWidth = 3;
      ctx.lineJoin = 'round'; // a mitred halo spikes at sharp letters (M, V)
      ctx.strokeStyle = 'rgba(255,255,255,0.85)';
      ctx.strokeText(p.name, box[0], pt.y);
      ctx.fillStyle = '#1f3b57';
      ctx.fillText(p.name, box[0], pt.y);
    }
  },
});

/** Port dots and names on the base map (plain data in; pass `ports` or let it load the gazetteer's list). */
export function PortLabels({ ports }: { ports?: Port[] }) {
  const map = useMap();
  const loaded = usePorts(!ports);
  const list = ports ?? loaded;
  useEffect(() => {
    const layer = new PortCanvas(list);
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, list]);
  return null;
}
