import L from 'leaflet';
import { type ReactNode, useMemo, useState } from 'react';
import { CircleMarker, Polyline, Popup } from 'react-leaflet';
import { TRAIL_COLOR_OFFLINE, TRAIL_COLOR_ONLINE, TRAIL_WEIGHT } from './constants.ts';

/** A trail point: position plus whatever the caller shows in its popup. */
export interface TrailPoint {
  lat: number;
  lng: number;
}

/** A vessel's trail: one polyline, weight 4, green when the vessel is online, red when offline (spec 002 §2.5). */
export function TrailLayer({ points, online, color }: { points: TrailPoint[]; online: boolean; color?: string }) {
  const positions = useMemo(() => points.map((p) => [p.lat, p.lng] as [number, number]), [points]);
  if (positions.length < 2) return null;
  return (
    <Polyline
      positions={positions}
      pathOptions={{ color: color ?? (online ? TRAIL_COLOR_ONLINE : TRAIL_COLOR_OFFLINE), weight: TRAIL_WEIGHT }}
      interactive={false}
    />
  );
}

export interface DotTrailLayerProps<P extends TrailPoint> {
  points: P[];
  online: boolean;
  /** popup content of a clicked dot (spec: the vessel popup's two pages plus Datetime) */
  renderPopup?: (point: P) => ReactNode;
  radius?: number;
}

/** The trail's points as small dots on one canvas; a click opens `renderPopup` of that point. */
export function DotTrailLayer<P extends TrailPoint>({
  points,
  online,
  renderPopup,
  radius = 4,
}: DotTrailLayerProps<P>) {
  const renderer = useMemo(() => L.canvas({ padding: 0.3, tolerance: 3 }), []);
  const [open, setOpen] = useState<number | null>(null);
  const color = online ? TRAIL_COLOR_ONLINE : TRAIL_COLOR_OFFLINE;
  const openPoint = open == null ? undefined : points[open];
  return (
    <>
      {points.map((p, i) => (
        <CircleMarker
          // biome-ignore lint/suspicious/noArrayIndexKey: a trail's points are ordered in time; the index is its identity
          key={i}
          center={[p.lat, p.lng]}
          radius={radius}
          pathOptions={{ color: '#0b2540', weight: 1, fillColor: color, fillOpacity: 1, renderer }}
          eventHandlers={{ click: () => setOpen(i) }}
        />
      ))}
      {renderPopup && openPoint && (
        <Popup position={[openPoint.lat, openPoint.lng]} eventHandlers={{ remove: () => setOpen(null) }}>
          {renderPopup(openPoint)}
        </Popup>
      )}
    </>
  );
}
