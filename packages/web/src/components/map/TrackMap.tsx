import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTexts } from '../../api/i18n.ts';
import { latLng, qty } from '../format.ts';
import { KMH_TO_KNOTS } from '../gauges/scales.ts';
import { BaseMap, DotTrailLayer, FitToPoints, TrailLayer } from './index.ts';
import { mapTexts } from './texts.ts';

export interface TrackPoint {
  lat: number;
  lng: number;
  timestamp: number;
  /** km/h */
  speed: number | null;
}

/** A vessel's track for a range on the product's base map: the trail, a dot per point with time and speed. */
export function TrackMap({
  points,
  online,
  fitKey,
  height = 380,
}: {
  points: TrackPoint[];
  online: boolean;
  fitKey: string;
  height?: number;
}) {
  const t = useTexts(mapTexts);
  const fit = useMemo(() => points.map((p) => [p.lat, p.lng] as [number, number]), [points]);
  return (
    <div style={{ height }} data-testid="track-map">
      <BaseMap>
        <TrailLayer points={points} online={online} />
        <DotTrailLayer
          points={points}
          online={online}
          radius={3}
          renderPopup={(p) => (
            <div>
              <div>{dayjs.unix(p.timestamp).format('DD MMM YYYY HH:mm')}</div>
              <div>{t('speedValue', { speed: p.speed === null ? '—' : qty(p.speed * KMH_TO_KNOTS, 'knots', 1) })}</div>
              <div>{latLng(p.lat, p.lng)}</div>
            </div>
          )}
        />
        <FitToPoints points={fit} fitKey={fitKey} />
      </BaseMap>
    </div>
  );
}
