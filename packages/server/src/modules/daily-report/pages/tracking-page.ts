import type { DraftPage } from '../draft.ts';
import { dateTime, position } from '../format.ts';
import { MAP_HEIGHT, MAP_WIDTH, type TrackPoint } from '../map.ts';
import type { PageContext } from './context.ts';

/** The Vessel Tracking page: the last position and the track on two maps, and the voyage's figures. */
export function trackingPages(c: PageContext): DraftPage[] {
  const { t, num, language } = c;
  const page: DraftPage = { key: 'vessel_tracking', title: t('vesselTracking'), blocks: [] };
  const gps = c.s.gps;
  const src = c.input.track?.gps ?? gps;
  const points = Object.values(src?.data ?? {})
    .sort((a, b) => a.timestamp - b.timestamp)
    .filter((p): p is typeof p & TrackPoint => p.latitude != null && p.longitude != null);
  const last = points[points.length - 1] ?? gps?.summary.lastPosition ?? null;
  if (!last) {
    page.blocks.push({ kind: 'notice', text: t('noGps') });
    return [page];
  }
  const lats = points.map((p) => p.latitude);
  const lons = points.map((p) => p.longitude);
  const mapTexts = (zoom: number) => ({ start: t('start'), end: t('end'), source: t('mapSource', { zoom }) });
  // the maps keep only the positions (the draft goes back to the server with the PDF)
  const track = points.map((p) => ({ latitude: p.latitude, longitude: p.longitude }));
  const mid = points.length
    ? { latitude: (Math.min(...lats) + Math.max(...lats)) / 2, longitude: (Math.min(...lons) + Math.max(...lons)) / 2 }
    : last;
  page.blocks.push(
    {
      kind: 'maps',
      maps: [
        {
          title: t('lastPositionMap', { zoom: 11 }),
          map: { zoom: 11, center: last, track, texts: mapTexts(11) },
          width: MAP_WIDTH,
          height: MAP_HEIGHT,
        },
        {
          title: t('trackMap', { zoom: 6 }),
          map: { zoom: 6, center: mid, track, texts: mapTexts(6) },
          width: MAP_WIDTH,
          height: MAP_HEIGHT,
        },
      ],
    },
    {
      kind: 'table',
      columns: [t('start'), t('startPosition'), t('end'), t('endPosition'), t('totalCruise'), t('averageSpeed')],
      rows: [
        [
          dateTime(points[0]?.timestamp ?? null, c.tz, language),
          position(gps?.summary.firstPosition),
          dateTime(points[points.length - 1]?.timestamp ?? null, c.tz, language),
          position(gps?.summary.lastPosition),
          num(gps?.summary.totalCruise),
          num(gps?.summary.averageSpeedKnot),
        ],
      ],
    },
  );
  return [page];
}
