import type { Summary } from '@fleet/shared/answers/summary.ts';
import { BaseMap, FitToPoints, TrailLayer, VesselLayer } from '../map/index.ts';

/** The vessel's track for the period (the summary's last fix per bucket) with the trail on, and its last position. */
export default function VesselTrackMap({ summary, name, height }: { summary: Summary; name: string; height: number }) {
  const points = Object.values(summary.gps?.data ?? {})
    .sort((a, b) => a.timestamp - b.timestamp)
    .flatMap((p) =>
      p.latitude != null && p.longitude != null ? [{ lat: p.latitude, lng: p.longitude, track: p.track }] : [],
    );
  const online = summary.dataStatus === 'online';
  const last = points.at(-1);
  return (
    <div style={{ height }} data-testid="vessel-map">
      <BaseMap>
        <TrailLayer points={points} online={online} />
        {last && (
          <VesselLayer
            vessels={[{ id: summary.massId, lat: last.lat, lng: last.lng, heading: last.track, online, label: name }]}
          />
        )}
        <FitToPoints
          points={points.map((p) => [p.lat, p.lng])}
          fitKey={`${summary.massId}-${summary.start}-${summary.end}`}
        />
      </BaseMap>
    </div>
  );
}
