import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../api/client.ts';
import { type LiveStatus, type PulseRow, useLiveSocket } from './live-socket.ts';

/** Constants of spec 002 §9. */
export const FLEET_REFRESH_MS = 60_000;
export const ONLINE_THRESHOLD_S = 600;
export const PULSE_DELAY_MS = 2000;
const SUMMARY_CONCURRENCY = 4;

export interface FleetAsset {
  massId: number;
  massName: string;
  massImage?: string | null;
  massSystemType?: string | null;
  massMaty?: { matyName?: string | null } | null;
}

export interface VesselSummary24h {
  /** NM (docs/domain.md §8) */
  totalCruise: number;
  /** knots (docs/domain.md §7) */
  averageSpeedKnot: number | null;
  start: number;
  end: number;
}

/** One vessel on the fleet map: the asset, its latest readings (spec 002 §3.1) and its 24 h numbers. */
export interface FleetVessel {
  massId: number;
  name: string;
  typeName: string;
  systemType: string;
  image: string | null;
  kind: 'ship' | 'tug';
  gps: PulseRow | null;
  lat: number | null;
  lng: number | null;
  heading: number | null;
  /** last GPS time, epoch seconds */
  lastUpdate: number | null;
  online: boolean;
  ae: { label: string; running: boolean }[];
  portRpm: number | null;
  starboardRpm: number | null;
  portInFlowrate: number | null;
  starboardInFlowrate: number | null;
  summary: VesselSummary24h | null;
  location: string | null;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const label = (r: PulseRow) => (r.devcLabel ?? '').toUpperCase();

/** Online when the last GPS fix is under 600 s old (docs/domain.md §19). */
export function isOnline(lastGps: number | null, nowS: number): boolean {
  return lastGps !== null && nowS - lastGps < ONLINE_THRESHOLD_S;
}

/**
 * The 24 h summary window of spec 002 §9: from the hour of the last GPS minus one day to the last GPS time,
 * that fix included (the period's end is exclusive, so end = last GPS + 1 s).
 */
export function summaryWindow(lastGps: number): { start: number; end: number } {
  return { start: Math.floor(lastGps / 3600) * 3600 - 86400, end: lastGps + 1 };
}

/** Builds the vessels from assets and the latest readings (pure; tested). */
export function buildVessels(
  assets: FleetAsset[],
  rows: Iterable<PulseRow>,
  summaries: Map<number, VesselSummary24h>,
  locations: Map<number, string>,
  nowS: number,
): FleetVessel[] {
  const byMass = new Map<number, PulseRow[]>();
  for (const r of rows) {
    if (r.devcMassId == null) continue;
    let list = byMass.get(r.devcMassId);
    if (!list) {
      list = [];
      byMass.set(r.devcMassId, list);
    }
    list.push(r);
  }
  return assets.map((a) => {
    const list = byMass.get(a.massId) ?? [];
    // the newest GPS fix of the vessel's GPS devices
    let gps: PulseRow | null = null;
    for (const r of list)
      if (r.devcType === 'gps' && num(r.latitude) !== null && (!gps || r.timestamp > gps.timestamp)) gps = r;
    const rpm = (side: string) => num(list.find((r) => r.devcType === 'rpm' && label(r) === side)?.rpm);
    const flow = (side: string) =>
      num(list.find((r) => r.devcType === 'flowmeter' && label(r) === side)?.volumeFlowrate);
    const ae = list
      .filter((r) => r.devcType === 'ae')
      .sort((x, y) => (x.devcLabel ?? x.devcUniqueId).localeCompare(y.devcLabel ?? y.devcUniqueId))
      .map((r, i) => ({
        label: r.devcLabel || `AE ${i + 1}`,
        running: (num(r.running) ?? 0) > 0 || (num(r.rpm) ?? 0) > 0,
      }));
    const typeName = a.massMaty?.matyName ?? '';
    const lastUpdate = gps ? gps.timestamp : null;
    return {
      massId: a.massId,
      name: a.massName,
      typeName,
      systemType: a.massSystemType ?? '',
      image: a.massImage ?? null,
      kind: /tug/i.test(typeName) ? 'tug' : 'ship',
      gps,
      lat: gps ? num(gps.latitude) : null,
      lng: gps ? num(gps.longitude) : null,
      heading: gps ? num(gps.track) : null,
      lastUpdate,
      online: isOnline(lastUpdate, nowS),
      ae,
      portRpm: rpm('PORT'),
      starboardRpm: rpm('STARBOARD'),
      portInFlowrate: flow('PORT_IN'),
      starboardInFlowrate: flow('STARBOARD_IN'),
      summary: summaries.get(a.massId) ?? null,
      location: locations.get(a.massId) ?? null,
    } satisfies FleetVessel;
  });
}

/** Runs `task` over `items` with at most `n` at a time. */
async function pool<T>(items: T[], n: number, task: (t: T) => Promise<void>) {
  let i = 0;
  const worker = async () => {
    while (i < items.length) await task(items[i++]).catch(() => {});
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

/**
 * The fleet of the active company, kept current (spec 002 §4 "Asset data flow"): assets, the GPS pulse, after
 * 2 s the other pulses, then each vessel's 24 h summary; pushed readings merged as they arrive; everything
 * reconciled over REST every 60 s.
 */
export function useFleet(): { vessels: FleetVessel[]; loading: boolean; live: LiveStatus; reload: () => void } {
  const assetsQ = useQuery({
    queryKey: ['fleet-map', 'assets'],
    queryFn: ({ signal }) => api.list<FleetAsset>('/master/asset', { signal, query: { max: 10000 } }),
    refetchInterval: FLEET_REFRESH_MS,
  });
  const rows = useRef(new Map<number, PulseRow>());
  const summaries = useRef(new Map<number, VesselSummary24h>());
  const summaryAsked = useRef(new Map<number, number>());
  const locations = useRef(new Map<number, string>());
  const located = useRef(new Map<number, string>());
  const [version, setVersion] = useState(0);
  const [pulseLoaded, setPulseLoaded] = useState(false);
  const [nowS, setNowS] = useState(() => Math.floor(Date.now() / 1000));
  const frame = useRef(0);

  /** one re-render per animation frame, however many batches arrive */
  const bump = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      setVersion((v) => v + 1);
    });
  }, []);

  const merge = useCallback(
    (list: PulseRow[]) => {
      for (const r of list) {
        const old = rows.current.get(r.devcId);
        if (!old || r.timestamp >= old.timestamp) rows.current.set(r.devcId, r);
      }
      bump();
    },
    [bump],
  );

  const loadPulses = useCallback(async () => {
    const gps = await api.get<{ series: PulseRow[] }>('/series/device/gps/pulse', { silent: true }).catch(() => null);
    if (gps) merge(gps.series);
    setPulseLoaded(true);
    await new Promise((r) => setTimeout(r, PULSE_DELAY_MS));
    const all = await api.get<{ series: PulseRow[] }>('/series/device/all/pulse', { silent: true }).catch(() => null);
    if (all) merge(all.series);
  }, [merge]);

  useEffect(() => {
    void loadPulses();
    const t = setInterval(() => {
      setNowS(Math.floor(Date.now() / 1000));
      void loadPulses();
    }, FLEET_REFRESH_MS);
    const tick = setInterval(() => setNowS(Math.floor(Date.now() / 1000)), 15_000);
    return () => {
      clearInterval(t);
      clearInterval(tick);
      cancelAnimationFrame(frame.current);
    };
  }, [loadPulses]);

  const live = useLiveSocket(merge, () => void loadPulses());

  const assets = assetsQ.data?.rows;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` marks new readings in the refs
  const vessels = useMemo(
    () => buildVessels(assets ?? [], rows.current.values(), summaries.current, locations.current, nowS),
    [assets, version, nowS],
  );

  // 24 h summaries: for vessels whose last GPS moved on, at most once a refresh period each
  const lastGpsKey = vessels.map((v) => `${v.massId}:${v.lastUpdate ?? ''}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the vessels' last GPS times
  useEffect(() => {
    const now = Date.now();
    const due = vessels.filter(
      (v) =>
        v.lastUpdate !== null &&
        summaries.current.get(v.massId)?.end !== v.lastUpdate + 1 &&
        now - (summaryAsked.current.get(v.massId) ?? 0) >= FLEET_REFRESH_MS,
    );
    if (!due.length) return;
    for (const v of due) summaryAsked.current.set(v.massId, now);
    void pool(due, SUMMARY_CONCURRENCY, async (v) => {
      const w = summaryWindow(v.lastUpdate!);
      const s = await api.get<{ gps?: { summary: { totalCruise: number; averageSpeedKnot: number | null } } }>(
        `/summary/aggregated/period/${w.start}/${w.end}`,
        { silent: true, query: { devcMassId: v.massId, devcType: 'gps', aggregatedUnit: 'HOUR' } },
      );
      if (s.gps) summaries.current.set(v.massId, { ...w, ...s.gps.summary });
      bump();
    });
  }, [lastGpsKey]);

  // location texts of positions that changed
  const posKey = vessels.map((v) => `${v.massId}:${v.lat?.toFixed(3)},${v.lng?.toFixed(3)}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on rounded positions
  useEffect(() => {
    const todo = vessels.filter(
      (v) =>
        v.lat !== null && v.lng !== null && located.current.get(v.massId) !== `${v.lat.toFixed(3)},${v.lng.toFixed(3)}`,
    );
    if (!todo.length) return;
    const t = setTimeout(async () => {
      const texts = await api
        .post<string[]>('/geo/locations', { points: todo.map((v) => ({ lat: v.lat, lng: v.lng })) }, { silent: true })
        .catch(() => null);
      if (!texts) return;
      todo.forEach((v, i) => {
        locations.current.set(v.massId, texts[i]);
        located.current.set(v.massId, `${v.lat!.toFixed(3)},${v.lng!.toFixed(3)}`);
      });
      bump();
    }, 300);
    return () => clearTimeout(t);
  }, [posKey]);

  const reload = useCallback(() => {
    void assetsQ.refetch();
    void loadPulses();
  }, [assetsQ, loadPulses]);

  return { vessels, loading: assetsQ.isLoading || !pulseLoaded, live, reload };
}
