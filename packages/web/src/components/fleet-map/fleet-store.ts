import type { PulseRow } from '@fleet/shared/answers/pulse.ts';
import type { FleetAsset, FleetVessel, VesselSummary24h } from './fleet-data.ts';
import { buildVessel, vesselOnline } from './fleet-data.ts';

/**
 * The shortest time between two applications of new readings (ms): at most one redraw of the fleet a second. A
 * redraw of the whole canvas costs the main thread more outside JavaScript (rasterising and handing over the canvas
 * at commit, ~10–20 ms in headless Chromium without a GPU) than inside it, so fewer redraws keep a round cheap;
 * a marker still moves within ~1.1 s of its ingest (the hub's 100 ms + this), inside the 2 s of issue 13.
 */
export const APPLY_MIN_MS = 1000;

type Listener = () => void;
export type ChangeListener = (changed: FleetVessel[], removed: number[]) => void;

/** How the store waits before applying (injectable for tests). */
export interface Scheduler {
  now(): number;
  later(fn: () => void, ms: number): unknown;
  cancel(handle: unknown): void;
}

const timers: Scheduler = {
  now: () => performance.now(),
  later: (fn, ms) => setTimeout(fn, ms),
  cancel: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * The fleet's live state outside React (docs/decisions.md "Fleet map with 1,000 live vessels"). Readings
 * (pulses, live pushes) are merged into per-vessel maps at once and cheaply; the vessels they touch are rebuilt
 * at most once per APPLY_MIN_MS, and only then are listeners told: the canvas layer gets the changed vessels and
 * moves those hulls in place, each card or popup hears only about its own vessel (`useSyncExternalStore`), and
 * nothing re-renders the page. Which vessels are watched (cards on screen, open popups) decides whose 24 h
 * summary and place name are asked for.
 */
export class FleetStore {
  private assets: FleetAsset[] = [];
  /** the assets as the listeners last heard of them */
  private listSnapshot: FleetAsset[] = [];
  private assetIds = new Set<number>();
  /** latest reading per device, grouped by vessel */
  private rows = new Map<number, Map<number, PulseRow>>();
  private summaries = new Map<number, VesselSummary24h>();
  private locations = new Map<number, string>();
  private vessels = new Map<number, FleetVessel>();
  private list: FleetVessel[] = [];
  private listStale = false;
  private dirty = new Set<number>();
  private removed: number[] = [];
  private timer: unknown = null;
  /** the live socket's worker holds pushed states until asked (null: pushes are merged as they come) */
  private pull: ((then: () => void) => void) | null = null;
  /** an application waits for the worker's answer */
  private pulling = false;
  private lastApply = Number.NEGATIVE_INFINITY;
  private nowS: number;
  private anyListeners = new Set<Listener>();
  private changeListeners = new Set<ChangeListener>();
  private vesselListeners = new Map<number, Set<Listener>>();
  private listListeners = new Set<Listener>();
  private watched = new Map<number, number>();
  private watchListeners = new Set<Listener>();

  constructor(
    private scheduler: Scheduler = timers,
    nowS = Math.floor(Date.now() / 1000),
    private applyMinMs = APPLY_MIN_MS,
  ) {
    this.nowS = nowS;
  }

  /** How long the live socket's worker may hold pushes after an application (LiveHold). */
  get holdMs(): number {
    return this.applyMinMs;
  }

  // ------------------------------------------------------------ input

  /** The vessels of the active company (their order is the ship panel's). */
  setAssets(assets: FleetAsset[]): void {
    if (assets === this.assets) return;
    this.assets = assets;
    const ids = new Set(assets.map((a) => a.massId));
    for (const id of this.assetIds) if (!ids.has(id)) this.removed.push(id);
    this.assetIds = ids;
    for (const id of ids) this.dirty.add(id);
    // the list (names, order) changed: the panel hears it at the next application
    this.listStale = true;
    this.schedule();
  }

  /** Merges latest readings (a pulse or a push): newer readings per device replace older ones. */
  merge(list: PulseRow[]): void {
    for (const r of list) {
      if (r.devcMassId == null) continue;
      let byDevice = this.rows.get(r.devcMassId);
      if (!byDevice) {
        byDevice = new Map();
        this.rows.set(r.devcMassId, byDevice);
      }
      const old = byDevice.get(r.devcId);
      if (old && r.timestamp <= old.timestamp) continue;
      byDevice.set(r.devcId, r);
      this.dirty.add(r.devcMassId);
      if (old && old.devcMassId !== r.devcMassId) this.dirty.add(old.devcMassId as number);
    }
    if (this.dirty.size) this.schedule();
  }

  setSummary(massId: number, s: VesselSummary24h): void {
    this.summaries.set(massId, s);
    this.dirty.add(massId);
    this.schedule();
  }

  setLocation(massId: number, text: string): void {
    if (this.locations.get(massId) === text) return;
    this.locations.set(massId, text);
    this.dirty.add(massId);
    this.schedule();
  }

  /** The clock of the online state (last GPS under 600 s old); vessels whose state flips are rebuilt. */
  setNow(nowS: number): void {
    this.nowS = nowS;
    for (const v of this.vessels.values())
      if (vesselOnline(v.gps, nowS) !== v.online) {
        this.dirty.add(v.massId);
      }
    if (this.dirty.size) this.schedule();
  }

  /**
   * Pushed states held by the live socket's worker (LiveHold of api/live-transport.ts): at each application the
   * store first asks for them (`pull`, answered within a task or two), so the application has every push that
   * arrived before it, as when each push was merged on arrival.
   */
  setPull = (pull: ((then: () => void) => void) | null): void => {
    this.pull = pull;
  };

  /** The worker holds pushed states: an application is scheduled as for merged readings. */
  held = (): void => this.schedule();

  // ------------------------------------------------------------ application

  private schedule() {
    if (this.timer !== null || this.pulling) return;
    const wait = Math.max(0, this.lastApply + this.applyMinMs - this.scheduler.now());
    this.timer = this.scheduler.later(() => {
      this.timer = null;
      this.applyHeld();
    }, wait);
  }

  /** The application on its timer: the worker's held states first, when there is a worker. */
  private applyHeld() {
    const pull = this.pull;
    if (!pull) return this.apply();
    this.pulling = true;
    pull(() => {
      this.pulling = false;
      this.apply();
    });
  }

  /** Rebuilds the vessels touched since the last application and tells the listeners (normally on its timer). */
  apply(): void {
    if (this.timer !== null) {
      this.scheduler.cancel(this.timer);
      this.timer = null;
    }
    if (!this.dirty.size && !this.removed.length && !this.listStale) return;
    const start = performance.now();
    this.lastApply = this.scheduler.now();
    const byId = new Map<number, FleetAsset>();
    if (this.dirty.size) for (const a of this.assets) if (this.dirty.has(a.massId)) byId.set(a.massId, a);
    const changed: FleetVessel[] = [];
    for (const id of this.dirty) {
      const a = byId.get(id);
      if (!a) continue;
      const v = buildVessel(
        a,
        this.rows.get(id)?.values() ?? [],
        this.summaries.get(id) ?? null,
        this.locations.get(id) ?? null,
        this.nowS,
      );
      const old = this.vessels.get(id);
      if (old && sameVessel(old, v)) continue;
      this.vessels.set(id, v);
      changed.push(v);
    }
    this.dirty.clear();
    const removed = this.removed.filter((id) => !this.assetIds.has(id));
    this.removed = [];
    for (const id of removed) this.vessels.delete(id);
    const listChanged = this.listStale;
    this.listStale = false;
    if (!changed.length && !removed.length && !listChanged) return;
    this.list = [];
    if (listChanged) {
      this.listSnapshot = this.assets;
      for (const l of [...this.listListeners]) l();
    }
    for (const l of [...this.changeListeners]) l(changed, removed);
    for (const v of changed) for (const l of [...(this.vesselListeners.get(v.massId) ?? [])]) l();
    for (const l of [...this.anyListeners]) l();
    // timing for the browser benchmark (docs/benchmarks.md): one entry per application, cleared before the next;
    // it ends in a microtask queued after React's, so the re-render of the cards it caused is inside
    if (typeof performance.measure === 'function' && typeof performance.clearMeasures === 'function')
      queueMicrotask(() => {
        performance.clearMeasures('fleet-apply');
        performance.measure('fleet-apply', { start, detail: { vessels: changed.length } });
      });
  }

  // ------------------------------------------------------------ reading

  getVessel(massId: number): FleetVessel | undefined {
    return this.vessels.get(massId);
  }

  /** Every vessel in asset order; the same array until something changes (a `useSyncExternalStore` snapshot). */
  getVessels = (): FleetVessel[] => {
    if (!this.list.length && this.vessels.size) {
      this.list = [];
      for (const a of this.assets) {
        const v = this.vessels.get(a.massId);
        if (v) this.list.push(v);
      }
    }
    return this.list;
  };

  /** The assets in panel order; a new array only when the company's vessels (or their names) changed. */
  getAssets = (): FleetAsset[] => this.listSnapshot;

  /** Any application (the whole-fleet users: the voyage report's selector). */
  subscribe = (l: Listener): (() => void) => {
    this.anyListeners.add(l);
    return () => this.anyListeners.delete(l);
  };

  /** The changed vessels and removed ids of each application (the canvas layer). */
  subscribeChanges(l: ChangeListener): () => void {
    this.changeListeners.add(l);
    return () => this.changeListeners.delete(l);
  }

  /** Changes of the asset list (the ship panel). */
  subscribeList = (l: Listener): (() => void) => {
    this.listListeners.add(l);
    return () => this.listListeners.delete(l);
  };

  /** Changes of one vessel (a card, a popup, a trail). */
  subscribeVessel(massId: number, l: Listener): () => void {
    let set = this.vesselListeners.get(massId);
    if (!set) {
      set = new Set();
      this.vesselListeners.set(massId, set);
    }
    set.add(l);
    return () => {
      set.delete(l);
      if (!set.size) this.vesselListeners.delete(massId);
    };
  }

  // ------------------------------------------------------------ demand (24 h summaries, place names)

  /** Marks a vessel as on screen (a card in view, an open popup) until the returned function is called. */
  watch(massId: number): () => void {
    this.watched.set(massId, (this.watched.get(massId) ?? 0) + 1);
    for (const l of [...this.watchListeners]) l();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const n = (this.watched.get(massId) ?? 1) - 1;
      if (n > 0) this.watched.set(massId, n);
      else this.watched.delete(massId);
    };
  }

  watchedIds(): number[] {
    return [...this.watched.keys()];
  }

  /** Called when a vessel starts being watched. */
  subscribeWatch(l: Listener): () => void {
    this.watchListeners.add(l);
    return () => this.watchListeners.delete(l);
  }

  summaryOf(massId: number): VesselSummary24h | undefined {
    return this.summaries.get(massId);
  }
}

/** True when a rebuilt vessel shows nothing new (a duplicate reading, a pulse that repeats the push). */
function sameVessel(a: FleetVessel, b: FleetVessel): boolean {
  return (
    a.gps === b.gps &&
    a.name === b.name &&
    a.typeName === b.typeName &&
    a.systemType === b.systemType &&
    a.image === b.image &&
    a.online === b.online &&
    a.summary === b.summary &&
    a.location === b.location &&
    a.portRpm === b.portRpm &&
    a.starboardRpm === b.starboardRpm &&
    a.portInFlowrate === b.portInFlowrate &&
    a.starboardInFlowrate === b.starboardInFlowrate &&
    a.ae.length === b.ae.length &&
    a.ae.every((x, i) => x.label === b.ae[i].label && x.running === b.ae[i].running)
  );
}
