import type { PulseRow } from '@fleet/shared/answers/pulse.ts';
import { describe, expect, it } from 'vitest';
import { type HolderReport, LiveBatch, LiveHolder } from '../../api/live-batch.ts';
import { fleet, gps, NOW } from './fleet-store.fixture.ts';
import { APPLY_MIN_MS } from './fleet-store.ts';

/** Pushes of one round, out of order as a hub's may be: an older fix after a newer one, a duplicate, a row without a vessel. */
const pushes: PulseRow[][] = [
  [gps(1, NOW - 30, -6.1, 106.8), gps(2, NOW - 30, -6.2, 106.9)],
  [gps(1, NOW - 10, -6.3, 107.0), { ...gps(3, NOW - 20, -6.4, 107.1), devcMassId: null }],
  [gps(1, NOW - 20, -6.9, 107.9), gps(2, NOW - 30, -7.0, 108.0), gps(3, NOW - 5, -6.5, 107.2)],
];

describe('pushes held by the live socket worker (LiveBatch)', () => {
  it('merging the held batch gives the store what merging every push gave (the code before)', () => {
    const each = fleet(3);
    for (const p of pushes) each.store.merge(p);
    each.clock.advance(APPLY_MIN_MS);

    const held = fleet(3);
    const batch = new LiveBatch();
    for (const p of pushes) batch.add(p, 0);
    const out = batch.take();
    expect(out).toMatchObject({ received: 7, pushes: 3 });
    held.store.merge(out.rows);
    held.clock.advance(APPLY_MIN_MS);

    expect(held.store.getVessels()).toEqual(each.store.getVessels());
    // the newest fix of vessel 1 (NOW - 10), not the older one pushed after it, nor the later duplicate of 2
    expect(held.store.getVessel(1)).toMatchObject({ lat: -6.3, lng: 107 });
    expect(held.store.getVessel(2)).toMatchObject({ lat: -6.2, lng: 106.9 });
    expect(held.store.getVessel(3)).toMatchObject({ lat: -6.5 });
  });

  it('keeps the newer row of a device: an older one pushed later does not replace it', () => {
    const batch = new LiveBatch();
    batch.add([gps(1, NOW - 10, -6.3, 107.0)], 0);
    batch.add([gps(1, NOW - 20, -6.9, 107.9)], 1);
    expect(batch.take().rows).toEqual([gps(1, NOW - 10, -6.3, 107.0)]);
    expect(batch.take()).toMatchObject({ rows: [], received: 0, pushes: 0 });
  });
});

describe('when held pushes go to the page (LiveHolder)', () => {
  const holder = () => {
    const sent: HolderReport[] = [];
    const h = new LiveHolder(1000, (r) => sent.push(r));
    const kinds = () =>
      sent.splice(0).map((r) => (r.type === 'held' ? 'held' : `${r.pulled ? 'pulled' : 'at once'} ${r.rows.length}`));
    return { h, kinds };
  };

  it('a push to an idle page goes at once; later ones are held until the page pulls, the page told once', () => {
    const { h, kinds } = holder();
    h.push([gps(1, NOW, 0, 0)], 0);
    expect(kinds()).toEqual(['at once 1']);
    h.pull(1); // the application of that push: nothing more held
    h.push([gps(2, NOW, 0, 0)], 100);
    h.push([gps(3, NOW, 0, 0)], 200);
    expect(kinds()).toEqual(['pulled 0', 'held']);
    h.pull(1001);
    expect(kinds()).toEqual(['pulled 2']);
    // pulled with states: the page applied them, so the next push is held for its next application
    h.push([gps(1, NOW + 1, 0, 0)], 1500);
    expect(kinds()).toEqual(['held']);
    h.pull(2001);
    h.pull(2002); // nothing held: the next push after 1 s of quiet goes at once
    h.push([gps(2, NOW + 1, 0, 0)], 2500);
    h.push([gps(3, NOW + 1, 0, 0)], 3002);
    expect(kinds()).toEqual(['pulled 1', 'pulled 0', 'held', 'at once 2']);
  });

  it('hands over what it holds when the socket closes', () => {
    const { h, kinds } = holder();
    h.push([gps(1, NOW, 0, 0)], 0);
    h.push([gps(2, NOW, 0, 0)], 10);
    h.flush();
    h.flush();
    expect(kinds()).toEqual(['at once 1', 'held', 'at once 1']);
  });
});

describe('a store fed by the worker (FleetStore.setPull)', () => {
  it('asks for the held states at each application and applies them in it', () => {
    const { clock, store } = fleet(2);
    const asked: (() => void)[] = [];
    store.setPull((then) => asked.push(then));
    store.merge([gps(1, NOW, -6, 106)]);
    clock.advance(0);
    expect(asked).toHaveLength(1);
    expect(store.getVessel(1)?.lat).toBeNull(); // not applied before the answer
    // the worker's answer: a push that arrived meanwhile, merged before the application
    store.merge([gps(2, NOW, -7, 107)]);
    asked[0]();
    expect(store.getVessel(1)?.lat).toBe(-6);
    expect(store.getVessel(2)?.lat).toBe(-7);
    // `held`: an application at the next slot, which asks again
    store.held();
    clock.advance(APPLY_MIN_MS - 1);
    expect(asked).toHaveLength(1);
    clock.advance(1);
    expect(asked).toHaveLength(2);
  });
});
