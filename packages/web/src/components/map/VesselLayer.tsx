import L from 'leaflet';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Popup, useMap } from 'react-leaflet';
import {
  createVesselHull,
  instrumentVesselRenderer,
  type VesselHullLayer,
  type VesselMarkerData,
  vesselRenderer,
} from './vessel-canvas.ts';

export interface VesselLayerProps {
  vessels: VesselMarkerData[];
  /** content of the popup opened by a click on a hull; no popup when omitted */
  renderPopup?: (vessel: VesselMarkerData) => ReactNode;
  /** the id whose popup is open (controlled); leave undefined to let the layer keep it */
  openId?: VesselMarkerData['id'] | null;
  onOpenChange?: (id: VesselMarkerData['id'] | null) => void;
  /** popup options (min width, offset) */
  popupMinWidth?: number;
}

/**
 * All vessels on ONE canvas, updated in place: a new `vessels` array moves/re-styles the existing hulls
 * (no React re-creation of markers), adds new ids and removes missing ones. A click opens `renderPopup`,
 * whose position follows the vessel as it moves.
 */
export function VesselLayer({ vessels, renderPopup, openId, onOpenChange, popupMinWidth = 260 }: VesselLayerProps) {
  const map = useMap();
  const renderer = useMemo(() => vesselRenderer({ padding: 0.3, tolerance: 4 }), []);
  const hulls = useRef(new Map<VesselMarkerData['id'], VesselHullLayer>());
  const group = useRef<L.LayerGroup | null>(null);
  const [ownOpen, setOwnOpen] = useState<VesselMarkerData['id'] | null>(null);
  const open = openId !== undefined ? openId : ownOpen;
  const setOpen = (id: VesselMarkerData['id'] | null) => {
    if (openId === undefined) setOwnOpen(id);
    onOpenChange?.(id);
  };
  const setOpenRef = useRef(setOpen);
  setOpenRef.current = setOpen;

  useEffect(() => {
    const g = L.layerGroup().addTo(map);
    instrumentVesselRenderer(renderer, map.getContainer());
    group.current = g;
    const map0 = hulls.current;
    return () => {
      g.remove();
      map0.clear();
      group.current = null;
    };
  }, [map, renderer]);

  useEffect(() => {
    const g = group.current;
    if (!g) return;
    const seen = new Set<VesselMarkerData['id']>();
    for (const v of vessels) {
      seen.add(v.id);
      const h = hulls.current.get(v.id);
      if (h) h.setVessel(v);
      else {
        const hull = createVesselHull(v, { renderer, bubblingMouseEvents: false });
        hull.on('click', () => setOpenRef.current(hull.getVessel().id));
        hull.addTo(g);
        hulls.current.set(v.id, hull);
      }
    }
    for (const [id, h] of hulls.current)
      if (!seen.has(id)) {
        h.remove();
        hulls.current.delete(id);
      }
  }, [vessels, renderer]);

  const openVessel = open == null ? undefined : vessels.find((v) => v.id === open);
  if (!renderPopup || !openVessel) return null;
  return (
    <Popup
      position={[openVessel.lat, openVessel.lng]}
      minWidth={popupMinWidth}
      autoPan={false}
      eventHandlers={{ remove: () => setOpen(null) }}
    >
      {renderPopup(openVessel)}
    </Popup>
  );
}
