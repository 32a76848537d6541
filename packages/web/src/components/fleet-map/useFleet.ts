import type { Locations } from '@fleet/shared/answers/geo.ts';
import type { PulseAnswer } from '@fleet/shared/answers/pulse.ts';
import type { Summary } from '@fleet/shared/answers/summary.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { api } from '../../api/client.ts';
import { useLanguage } from '../../api/i18n.ts';
import { type LiveStatus, useLiveSocket } from '../../api/live-socket.ts';
import { currentLocale } from '../../api/locale.ts';
import {
  FLEET_ASSET_FIELDS,
  FLEET_REFRESH_MS,
  type FleetAsset,
  type FleetVessel,
  PULSE_DELAY_MS,
  summaryWindow,
} from './fleet-data.ts';
import { FleetStore } from './fleet-store.ts';

/** 24 h summaries asked at the same time at most. */
const SUMMARY_CONCURRENCY = 4;

/** Runs `task` over `items` with at most `n` at a time. */
async function pool<T>(items: T[], n: number, task: (t: T) => Promise<void>) {
  let i = 0;
  const worker = async () => {
    while (i < items.length) await task(items[i++]).catch(() => {});
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

/** Where a vessel's place name was last asked for: its position rounded to 0.001° (about 100 m). */
// the language is part of the key: a place name is asked again in the language the user switched to
const placeKey = (v: FleetVessel) => `${currentLocale()}:${v.lat!.toFixed(3)},${v.lng!.toFixed(3)}`;
/** How long after a change the summaries and place names of the watched vessels are looked at again (ms). */
const DEMAND_DELAY_MS = 300;

/**
 * The fleet of the active company, kept current (spec 002 §4 "Asset data flow") in a FleetStore: assets, the GPS
 * pulse, after 2 s the other pulses; pushed readings merged as they arrive; everything reconciled over REST every
 * 60 s. The 24 h summaries and place names are asked only for the vessels on screen (`store.watch`: cards in
 * view, open popups), or for all of them with `watchAll`.
 */
export function useFleetStore(opts: { watchAll?: boolean } = {}): {
  store: FleetStore;
  loading: boolean;
  live: LiveStatus;
  reload: () => void;
} {
  const [store] = useState(() => new FleetStore());
  const queryClient = useQueryClient();
  const assetsQuery = {
    queryKey: ['fleet-map', 'assets'],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.list<FleetAsset>('/master/asset', { signal, query: { max: 10000, select: [...FLEET_ASSET_FIELDS] } }),
  };
  // The asset list and the GPS pulse asked for while this first renders, not in effects after the whole page
  // (map, antd) has committed: a navigation waited ~300 ms for that before its first request (issue 29).
  const [firstGps] = useState(() => {
    void queryClient.prefetchQuery(assetsQuery);
    return api.get<PulseAnswer>('/series/device/gps/pulse', { silent: true }).catch(() => null);
  });
  const assetsQ = useQuery({ ...assetsQuery, refetchInterval: FLEET_REFRESH_MS });
  const [pulseLoaded, setPulseLoaded] = useState(false);
  const assets = assetsQ.data?.rows;
  useEffect(() => {
    if (assets) store.setAssets(assets);
  }, [store, assets]);

  const pendingGps = useRef<Promise<PulseAnswer | null> | null>(firstGps);
  const loadPulses = useCallback(async () => {
    const first = pendingGps.current;
    pendingGps.current = null;
    const gps = await (first ?? api.get<PulseAnswer>('/series/device/gps/pulse', { silent: true }).catch(() => null));
    if (gps) store.merge(gps.series);
    setPulseLoaded(true);
    await new Promise((r) => setTimeout(r, PULSE_DELAY_MS));
    const all = await api.get<PulseAnswer>('/series/device/all/pulse', { silent: true }).catch(() => null);
    if (all) store.merge(all.series);
  }, [store]);

  useEffect(() => {
    void loadPulses();
    const t = setInterval(() => {
      store.setNow(Math.floor(Date.now() / 1000));
      void loadPulses();
    }, FLEET_REFRESH_MS);
    const tick = setInterval(() => store.setNow(Math.floor(Date.now() / 1000)), 15_000);
    return () => {
      clearInterval(t);
      clearInterval(tick);
    };
  }, [store, loadPulses]);

  // the socket's worker holds pushes until the store applies readings (one message per application, not per push)
  const live = useLiveSocket(
    (rows) => store.merge(rows),
    () => void loadPulses(),
    { hold: store },
  );
  useDemand(store, opts.watchAll === true);

  const reload = useCallback(() => {
    void assetsQ.refetch();
    void loadPulses();
  }, [assetsQ, loadPulses]);

  return { store, loading: assetsQ.isLoading || !pulseLoaded, live, reload };
}

/**
 * 24 h summaries and place names of the watched vessels: a summary when the vessel's last GPS moved on, at most
 * once a refresh period each; a place name when its position moved by 0.001°. Looked at DEMAND_DELAY_MS after a
 * change (new readings, a card scrolled into view, another language), never per push.
 */
function useDemand(store: FleetStore, watchAll: boolean) {
  const kick = useRef<() => void>(() => {});
  // place names are written in the language in force: asked again as soon as the user switches (issue 28)
  const language = useLanguage();
  useEffect(() => {
    if (language) kick.current();
  }, [language]);
  useEffect(() => {
    const summaryAsked = new Map<number, number>();
    const located = new Map<number, string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const look = () => {
      timer = undefined;
      if (stopped) return;
      const now = Date.now();
      const vessels = watchAll
        ? store.getVessels()
        : store
            .watchedIds()
            .map((id) => store.getVessel(id))
            .filter((v): v is FleetVessel => v !== undefined);
      const due = vessels.filter(
        (v) =>
          v.lastUpdate !== null &&
          store.summaryOf(v.massId)?.end !== v.lastUpdate + 1 &&
          now - (summaryAsked.get(v.massId) ?? 0) >= FLEET_REFRESH_MS,
      );
      for (const v of due) summaryAsked.set(v.massId, now);
      void pool(due, SUMMARY_CONCURRENCY, async (v) => {
        const w = summaryWindow(v.lastUpdate!);
        const s = await api.get<Pick<Summary, 'gps'>>(`/summary/aggregated/period/${w.start}/${w.end}`, {
          silent: true,
          query: { devcMassId: v.massId, devcType: 'gps', aggregatedUnit: 'HOUR' },
        });
        if (s.gps && !stopped) store.setSummary(v.massId, { ...w, ...s.gps.summary });
      });

      const todo = vessels.filter((v) => v.lat !== null && v.lng !== null && located.get(v.massId) !== placeKey(v));
      if (!todo.length) return;
      const keys = todo.map(placeKey);
      for (let i = 0; i < todo.length; i++) located.set(todo[i].massId, keys[i]);
      void api
        .post<Locations>('/geo/locations', { points: todo.map((v) => ({ lat: v.lat, lng: v.lng })) }, { silent: true })
        .then((texts) => {
          if (stopped) return;
          // an answer overtaken by a newer question (another language, a new position) is dropped
          for (let i = 0; i < todo.length; i++)
            if (located.get(todo[i].massId) === keys[i]) store.setLocation(todo[i].massId, texts[i]);
        })
        .catch(() => {
          // asked again at the next change
          for (const v of todo) if (located.get(v.massId) === placeKey(v)) located.delete(v.massId);
        });
    };
    const soon = () => {
      if (timer === undefined && !stopped) timer = setTimeout(look, DEMAND_DELAY_MS);
    };
    const offAny = store.subscribe(soon);
    const offWatch = store.subscribeWatch(soon);
    kick.current = soon;
    soon();
    return () => {
      stopped = true;
      kick.current = () => {};
      clearTimeout(timer);
      offAny();
      offWatch();
    };
  }, [store, watchAll]);
}

/**
 * The whole fleet as an array, re-rendering the caller on every change (the voyage report: its asset selector and
 * its one vessel). Every vessel is watched, so each has its summary and place name as before.
 */
export function useFleet(): { vessels: FleetVessel[]; loading: boolean; live: LiveStatus; reload: () => void } {
  const { store, loading, live, reload } = useFleetStore({ watchAll: true });
  const vessels = useSyncExternalStore(store.subscribe, store.getVessels);
  return { vessels, loading, live, reload };
}

/** One vessel of the store, re-rendering the caller only when that vessel changes. */
export function useVessel(store: FleetStore, massId: number): FleetVessel | undefined {
  const subscribe = useCallback((l: () => void) => store.subscribeVessel(massId, l), [store, massId]);
  return useSyncExternalStore(subscribe, () => store.getVessel(massId));
}

/** Watches a vessel (summary and place name wanted) while `on`. */
export function useWatch(store: FleetStore, massId: number, on = true): void {
  useEffect(() => (on ? store.watch(massId) : undefined), [store, massId, on]);
}
