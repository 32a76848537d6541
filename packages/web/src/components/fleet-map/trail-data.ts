import type { Locations } from '@fleet/shared/answers/geo.ts';
import type { Summary } from '@fleet/shared/answers/summary.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { currentLocale } from '../../api/locale.ts';
import { summaryWindow } from './fleet-data.ts';

const KNOTS_PER_KMH = 0.539957;

/** One hourly trail point with the numbers of its popup (spec 002 §2.5 "Dot-trail point popups"). */
export interface TrailPointInfo {
  lat: number;
  lng: number;
  timestamp: number;
  location: string | null;
  /** NM travelled in the hour */
  cruiseNm: number;
  speedKnot: number | null;
  ae: { label: string; running: boolean }[];
  portRpm: number | null;
  starboardRpm: number | null;
  portInFlowrate: number | null;
  starboardInFlowrate: number | null;
}

/** Turns the summary's hourly buckets into trail points (pure; tested). */
export function trailPoints(summary: Summary): Omit<TrailPointInfo, 'location'>[] {
  const gps = summary.gps?.data ?? {};
  const out: Omit<TrailPointInfo, 'location'>[] = [];
  for (const key of Object.keys(gps).sort((a, b) => Number(a) - Number(b))) {
    const g = gps[key];
    if (g.latitude == null || g.longitude == null) continue;
    const rpm = summary.rpm?.data;
    const fm = summary.flowmeter?.data?.[key];
    const ae = summary.ae?.data?.[key];
    out.push({
      lat: g.latitude,
      lng: g.longitude,
      timestamp: Number(key),
      cruiseNm: (g.distance ?? 0) / 1852,
      speedKnot: g.speed == null ? null : g.speed * KNOTS_PER_KMH,
      ae: ae
        ? (['AE1', 'AE2', 'AE3'] as const).flatMap((k) => {
            const a = ae[k];
            return a ? [{ label: k, running: a.runningTime > 0 }] : [];
          })
        : [],
      portRpm: rpm?.PORT?.[key]?.rpm ?? null,
      starboardRpm: rpm?.STARBOARD?.[key]?.rpm ?? null,
      portInFlowrate: fm?.PORT_IN?.volumeFlowrate ?? null,
      starboardInFlowrate: fm?.STARBOARD_IN?.volumeFlowrate ?? null,
    });
  }
  return out;
}

/** The vessel's hourly trail over the 24 h window of spec 002 §9 (loaded only while its trail is on). */
export function useVesselTrail(massId: number, lastGps: number | null, enabled: boolean) {
  const hour = lastGps === null ? null : Math.floor(lastGps / 3600);
  return useQuery({
    // the place names come in the language in force
    queryKey: ['fleet-map', 'trail', massId, hour, currentLocale()],
    enabled: enabled && lastGps !== null,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const w = summaryWindow(lastGps!);
      const summary = await api.get<Summary>(`/summary/aggregated/period/${w.start}/${w.end}`, {
        signal,
        // the trail reads only the per-bucket data, never the per-period records (docs/api.md, issue 29)
        query: { devcMassId: massId, aggregatedUnit: 'HOUR', showDetails: 'true', showRecords: 'false' },
      });
      const points = trailPoints(summary);
      const texts = points.length
        ? await api
            .post<Locations>(
              '/geo/locations',
              { points: points.map((p) => ({ lat: p.lat, lng: p.lng })) },
              { silent: true },
            )
            .catch(() => null)
        : null;
      return points.map((p, i) => ({ ...p, location: texts?.[i] ?? null }));
    },
  });
}
