import type { PulseRow } from '@fleet/shared/answers/pulse.ts';
import type { FleetAsset } from './fleet-data.ts';
import { APPLY_MIN_MS, FleetStore, type Scheduler } from './fleet-store.ts';

/** Fleet store fixtures: a hand-moved clock, assets, GPS readings. */

/** A clock the test moves by hand: `later` callbacks run when `advance` passes their time. */
export function manualClock(): Scheduler & { advance(ms: number): void; pending(): number } {
  let t = 1000;
  let jobs: { at: number; fn: () => void; id: number }[] = [];
  let next = 1;
  return {
    now: () => t,
    later(fn, ms) {
      const id = next++;
      jobs.push({ at: t + ms, fn, id });
      return id;
    },
    cancel(h) {
      jobs = jobs.filter((j) => j.id !== h);
    },
    advance(ms) {
      t += ms;
      const due = jobs.filter((j) => j.at <= t);
      jobs = jobs.filter((j) => j.at > t);
      for (const j of due) j.fn();
    },
    pending: () => jobs.length,
  };
}

export const NOW = 1_800_000_000;
export const asset = (massId: number, name = `MV ${massId}`): FleetAsset => ({
  massId,
  massName: name,
  massImage: null,
  massSystemType: null,
  massMaty: null,
});
/** A pulse row as the server answers it: fresh (`online`) when answered unless `online: false` is given. */
export const reading = (
  r: Pick<PulseRow, 'devcId' | 'devcUniqueId' | 'devcType' | 'devcLabel' | 'devcMassId' | 'timestamp'> &
    Record<string, unknown>,
): PulseRow => ({ deviceId: r.devcUniqueId, datetime: '', online: true, ...r });
export const gps = (massId: number, ts: number, lat: number, lng: number): PulseRow =>
  reading({
    devcId: massId * 10,
    devcUniqueId: `gps-${massId}`,
    devcType: 'gps',
    devcLabel: 'GPS',
    devcMassId: massId,
    timestamp: ts,
    latitude: lat,
    longitude: lng,
    track: 90,
  });

/** A store of `n` vessels (MV 1 …), applied and quiet. */
export function fleet(n: number) {
  const clock = manualClock();
  const store = new FleetStore(clock, NOW);
  store.setAssets(Array.from({ length: n }, (_, i) => asset(i + 1)));
  clock.advance(0);
  // a quiet interval after that first application
  clock.advance(APPLY_MIN_MS);
  return { clock, store };
}
