import L from 'leaflet';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Popup, useMap } from 'react-leaflet';
import { createVesselHull, type VesselHullLayer, type VesselMarkerData } from '../map/index.ts';
import { instrumentVesselRenderer, vesselRenderer } from '../map/vessel-canvas.ts';
import { type FleetVessel, vesselMarker } from './fleet-data.ts';
import type { FleetStore } from './fleet-store.ts';
import { useVessel, useWatch } from './useFleet.ts';

export interface LiveVesselLayerProps {
  store: FleetStore;
  /** Show Ship per vessel */
  visible: (massId: number) => boolean;
  renderPopup: (vessel: FleetVessel) => ReactNode;
}

/**
 * The fleet's hulls on one canvas, fed by the store without React: each application of new readings moves the
 * hulls of the changed vessels in place (`setVessel`), and Leaflet's canvas redraws once in the next animation
 * frame. A click opens the vessel's popup, which follows its vessel through the store.
 */
export function LiveVesselLayer({ store, visible, renderPopup }: LiveVesselLayerProps) {
  const map = useMap();
  // padding 0.1 (Leaflet's default; VesselLayer uses 0.3): the canvas is copied to the compositor on every redraw
  const renderer = useMemo(() => vesselRenderer({ padding: 0.1, tolerance: 4 }), []);
  const [open, setOpen] = useState<number | null>(null);
  const visibleRef = useRef(visible);
  visibleRef.current = visible;
  const sync = useRef<((v: FleetVessel) => void) | null>(null);

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    instrumentVesselRenderer(renderer, map.getContainer());
    const hulls = new Map<number, VesselHullLayer>();
    const put = (v: FleetVessel) => {
      const h = hulls.get(v.massId);
      if (v.lat === null || v.lng === null || !visibleRef.current(v.massId)) {
        if (h) {
          h.remove();
          hulls.delete(v.massId);
        }
        return;
      }
      if (h) {
        // a new place name or 24 h summary leaves the hull as it is: no redraw for it
        const m = vesselMarker(v);
        if (!sameMarker(h.getVessel(), m)) h.setVessel(m);
      } else {
        const hull = createVesselHull(vesselMarker(v), { renderer, bubblingMouseEvents: false });
        hull.on('click', () => setOpen(v.massId));
        hull.addTo(group);
        hulls.set(v.massId, hull);
      }
    };
    sync.current = put;
    for (const v of store.getVessels()) put(v);
    const off = store.subscribeChanges((changed, removed) => {
      for (const v of changed) put(v);
      for (const id of removed) {
        hulls.get(id)?.remove();
        hulls.delete(id);
      }
    });
    return () => {
      off();
      sync.current = null;
      group.remove();
      hulls.clear();
    };
  }, [map, renderer, store]);

  // Show Ship changed: add or remove hulls (the vessels themselves did not change)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when `visible` changes (read through visibleRef)
  useEffect(() => {
    const put = sync.current;
    if (put) for (const v of store.getVessels()) put(v);
  }, [store, visible]);

  if (open === null || !visible(open)) return null;
  return <LivePopup store={store} massId={open} onClose={() => setOpen(null)} render={renderPopup} />;
}

const sameMarker = (a: VesselMarkerData, b: VesselMarkerData) =>
  a.lat === b.lat &&
  a.lng === b.lng &&
  a.heading === b.heading &&
  a.online === b.online &&
  a.kind === b.kind &&
  a.label === b.label;

/** The open popup of one vessel: it follows the vessel and shows its newest numbers. */
function LivePopup({
  store,
  massId,
  onClose,
  render,
}: {
  store: FleetStore;
  massId: number;
  onClose: () => void;
  render: (v: FleetVessel) => ReactNode;
}) {
  const v = useVessel(store, massId);
  useWatch(store, massId);
  if (!v || v.lat === null || v.lng === null) return null;
  return (
    <Popup position={[v.lat, v.lng]} minWidth={260} autoPan={false} eventHandlers={{ remove: onClose }}>
      {render(v)}
    </Popup>
  );
}
