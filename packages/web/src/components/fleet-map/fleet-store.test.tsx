import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import type { PulseRow } from '@fleet/shared/answers/pulse.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { api } from '../../api/client.ts';
import { setLanguage } from '../../api/i18n.ts';
import { currentLocale } from '../../api/locale.ts';
import { buildVessel, type FleetVessel, summaryWindow } from './fleet-data.ts';
import { asset, fleet, gps, manualClock, NOW, reading } from './fleet-store.fixture.ts';
import { APPLY_MIN_MS, FleetStore } from './fleet-store.ts';
import { useFleetStore } from './useFleet.ts';

describe('fleet map numbers (docs/domain.md §19, §29)', () => {
  it('sums from the hour of the last fix minus a day to the last fix, included', () => {
    expect(summaryWindow(1767229500)).toEqual({ start: 1767229200 - 86400, end: 1767229501 });
  });
});

describe('buildVessel (spec 002 §3.1 fields)', () => {
  it('takes the newest GPS fix, the PORT/STARBOARD rpm and PORT_IN/STARBOARD_IN flow, the AEs in label order', () => {
    const rows: PulseRow[] = [
      gps(1, NOW - 700, -6.1, 106.8),
      { ...gps(1, NOW - 100, -6.2, 106.9), devcId: 11, devcUniqueId: 'gps-1b' },
      reading({
        devcId: 12,
        devcUniqueId: 'rpm-p',
        devcType: 'rpm',
        devcLabel: 'port',
        devcMassId: 1,
        timestamp: 1,
        rpm: 750,
      }),
      reading({
        devcId: 13,
        devcUniqueId: 'rpm-s',
        devcType: 'rpm',
        devcLabel: 'STARBOARD',
        devcMassId: 1,
        timestamp: 1,
        rpm: 0,
      }),
      reading({
        devcId: 14,
        devcUniqueId: 'fm',
        devcType: 'flowmeter',
        devcLabel: 'PORT_IN',
        devcMassId: 1,
        timestamp: 1,
        volumeFlowrate: 120.5,
      }),
      reading({
        devcId: 15,
        devcUniqueId: 'ae-b',
        devcType: 'ae',
        devcLabel: 'AE2',
        devcMassId: 1,
        timestamp: 1,
        running: 0,
      }),
      reading({
        devcId: 16,
        devcUniqueId: 'ae-a',
        devcType: 'ae',
        devcLabel: 'AE1',
        devcMassId: 1,
        timestamp: 1,
        rpm: 1500,
      }),
    ];
    const v = buildVessel({ ...asset(1, 'TB Alpha'), massMaty: { matyName: 'Tug Boat' } }, rows, null, 'x', NOW);
    expect(v).toMatchObject({
      name: 'TB Alpha',
      kind: 'tug',
      lat: -6.2,
      lng: 106.9,
      heading: 90,
      lastUpdate: NOW - 100,
      online: true, // 100 s < 600 s
      portRpm: 750,
      starboardRpm: 0,
      portInFlowrate: 120.5,
      starboardInFlowrate: null,
      location: 'x',
    });
    expect(v.ae).toEqual([
      { label: 'AE1', running: true },
      { label: 'AE2', running: false },
    ]);
    // 600 s old is offline (under 600 s is online)
    expect(buildVessel(asset(1), [gps(1, NOW - 600, 0, 0)], null, null, NOW).online).toBe(false);
    expect(buildVessel(asset(1), [gps(1, NOW - 599, 0, 0)], null, null, NOW).online).toBe(true);
    // the server's flag: a row it answered as offline stays offline whatever this clock says
    expect(buildVessel(asset(1), [{ ...gps(1, NOW - 1, 0, 0), online: false }], null, null, NOW).online).toBe(false);
  });
});

describe('FleetStore', () => {
  it('applies a burst of readings at most once per interval and tells each listener only what concerns it', () => {
    const { clock, store } = fleet(3);
    const changes: number[][] = [];
    store.subscribeChanges((changed) => changes.push(changed.map((v) => v.massId)));
    const one = vi.fn();
    const three = vi.fn();
    store.subscribeVessel(1, one);
    store.subscribeVessel(3, three);

    // the first readings after a quiet interval are applied on the next turn
    store.merge([gps(1, NOW - 60, -6, 106)]);
    store.merge([gps(2, NOW - 60, -6, 107)]);
    clock.advance(0);
    expect(changes).toEqual([[1, 2]]);
    expect(one).toHaveBeenCalledTimes(1);
    expect(three).not.toHaveBeenCalled();
    expect(store.getVessel(1)).toMatchObject({ lat: -6, lng: 106, online: true });

    // readings inside the interval wait for its end, then go out together
    store.merge([gps(1, NOW - 30, -6.1, 106)]);
    clock.advance(100);
    store.merge([gps(3, NOW - 30, -6.2, 108)]);
    clock.advance(APPLY_MIN_MS - 101);
    expect(changes).toHaveLength(1);
    clock.advance(1);
    expect(changes).toEqual([
      [1, 2],
      [1, 3],
    ]);
    expect(one).toHaveBeenCalledTimes(2);
    expect(three).toHaveBeenCalledTimes(1);
    expect(store.getVessel(1)?.lat).toBe(-6.1);
  });

  it('ignores a reading that is not newer than the one it has (duplicates, reconciled pulses)', () => {
    const { clock, store } = fleet(1);
    const changes = vi.fn();
    store.subscribeChanges(changes);
    store.merge([gps(1, NOW - 60, -6, 106)]);
    clock.advance(APPLY_MIN_MS);
    expect(changes).toHaveBeenCalledTimes(1);
    store.merge([gps(1, NOW - 60, -6, 106), gps(1, NOW - 120, -7, 100)]);
    clock.advance(APPLY_MIN_MS);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(clock.pending()).toBe(0);
    expect(store.getVessel(1)?.lat).toBe(-6);
  });

  it('keeps the same vessel object and array while nothing changed (snapshots for useSyncExternalStore)', () => {
    const { clock, store } = fleet(2);
    store.merge([gps(1, NOW - 60, -6, 106)]);
    clock.advance(APPLY_MIN_MS);
    const list = store.getVessels();
    const two = store.getVessel(2);
    expect(store.getVessels()).toBe(list);
    store.merge([gps(1, NOW - 30, -6.1, 106)]);
    clock.advance(APPLY_MIN_MS);
    expect(store.getVessels()).not.toBe(list);
    expect(store.getVessel(2)).toBe(two);
    expect(store.getVessels().map((v) => v.massId)).toEqual([1, 2]);
  });

  it('turns a vessel offline when its last fix becomes 600 s old', () => {
    const clock = manualClock();
    const store = new FleetStore(clock, NOW);
    store.setAssets([asset(1)]);
    store.merge([gps(1, NOW - 500, -6, 106)]);
    clock.advance(0);
    const changes: FleetVessel[][] = [];
    store.subscribeChanges((c) => changes.push(c));
    store.setNow(NOW + 99);
    clock.advance(APPLY_MIN_MS);
    expect(changes).toEqual([]);
    store.setNow(NOW + 100);
    clock.advance(APPLY_MIN_MS);
    expect(changes.map((c) => c.map((v) => v.online))).toEqual([[false]]);
  });

  it('tells the panel when the asset list changes, and the canvas which vessels went away', () => {
    const { clock, store } = fleet(3);
    const list = vi.fn();
    const removed: number[][] = [];
    store.subscribeList(list);
    store.subscribeChanges((_c, r) => removed.push(r));
    store.setAssets([asset(1), asset(3, 'MV Renamed')]);
    clock.advance(APPLY_MIN_MS);
    expect(list).toHaveBeenCalledTimes(1);
    expect(removed).toEqual([[2]]);
    expect(store.getAssets().map((a) => a.massName)).toEqual(['MV 1', 'MV Renamed']);
    expect(store.getVessel(3)?.name).toBe('MV Renamed');
    expect(store.getVessel(2)).toBeUndefined();
  });

  it('counts watchers per vessel (cards in view, open popups)', () => {
    const { store } = fleet(2);
    const heard = vi.fn();
    store.subscribeWatch(heard);
    const a = store.watch(1);
    const b = store.watch(1);
    store.watch(2)();
    expect(store.watchedIds()).toEqual([1]);
    a();
    a();
    expect(store.watchedIds()).toEqual([1]);
    b();
    expect(store.watchedIds()).toEqual([]);
    expect(heard).toHaveBeenCalledTimes(3);
  });
});

/** The machine running the tests may be busy: the pulse, the store's turn and the 300 ms look may take a while. */
const WAIT = { timeout: 10_000 };

// issue 28: after a language change the place names stayed in the old language until the next live update
describe('useFleetStore', () => {
  afterEach(() => {
    act(() => void setLanguage('en'));
    vi.restoreAllMocks();
  });

  it('asks the place names again in the language the user switches to, at once', async () => {
    const fix = gps(1, Math.floor(Date.now() / 1000) - 60, -6.1, 106.8);
    vi.spyOn(api, 'list').mockResolvedValue({ rows: [asset(1)], total: 1 } as never);
    vi.spyOn(api, 'get').mockImplementation(
      async (path: string) => (path === '/series/device/gps/pulse' ? { series: [fix] } : { series: [] }) as never,
    );
    const asked: string[] = [];
    vi.spyOn(api, 'post').mockImplementation((path: string) => {
      // the live socket's ticket never comes: no socket here
      if (path !== '/geo/locations') return new Promise(() => {});
      asked.push(currentLocale());
      return Promise.resolve([currentLocale() === 'id' ? 'dekat Tanjung Priok' : 'near Tanjung Priok']) as never;
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result, unmount } = renderHook(() => useFleetStore({ watchAll: true }), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });
    const store = result.current.store;
    // each change of the store is looked at (store.getVessels) a moment later: count the looks
    const looks = vi.spyOn(store, 'getVessels');
    let looksAtLastChange = 0;
    store.subscribe(() => {
      looksAtLastChange = looks.mock.calls.length;
    });
    await waitFor(() => expect(store.getVessel(1)?.location).toBe('near Tanjung Priok'), WAIT);
    // the look after the last change (the place name itself) has run: nothing else would ask again
    await waitFor(() => expect(looks.mock.calls.length).toBeGreaterThan(looksAtLastChange), WAIT);
    act(() => void setLanguage('id'));
    await waitFor(() => expect(store.getVessel(1)?.location).toBe('dekat Tanjung Priok'), WAIT);
    expect(asked).toEqual(['en', 'id']);
    unmount();
  });
});
