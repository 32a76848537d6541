import { act, render } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import '../../test/setup.ts';
import { fleet, gps, NOW } from '../../components/fleet-map/fleet-store.fixture.ts';
import { APPLY_MIN_MS, type FleetStore } from '../../components/fleet-map/fleet-store.ts';
import { fmtTime } from '../../components/fleet-map/VesselPopup.tsx';
import { cardsInView, ShipPanel } from './ShipPanel.tsx';

/** The panel of a store, every action a no-op. */
function panelOf(store: FleetStore) {
  const noop = () => {};
  return (
    <ShipPanel
      store={store}
      isVisible={() => true}
      setVisible={noop}
      trailOn={() => false}
      setTrail={noop}
      onReport={noop}
      onDashboard={noop}
      onZoom={noop}
      onVoyage={noop}
    />
  );
}

describe('ship panel windowing', () => {
  it('picks the cards in view plus two on each side (260 px cards, 8 px gap; a wider card moves the rest)', () => {
    const strip = (n: number, wide: Record<number, number> = {}) => {
      const s = [0];
      for (let i = 0; i < n; i++) s.push(s[i] + (wide[i] ?? 260) + 8);
      return s;
    };
    expect(cardsInView(strip(1000), 0, 1440)).toEqual({ first: 0, end: 8 }); // 1440 / 268 = 5.4 → 6 in view
    expect(cardsInView(strip(1000), 268 * 100, 1440)).toEqual({ first: 98, end: 108 });
    expect(cardsInView(strip(1000), 268 * 999, 390)).toEqual({ first: 997, end: 1000 });
    expect(cardsInView(strip(3), 0, 1440)).toEqual({ first: 0, end: 3 });
    // card 0 is 300 px wide: card 100 starts at 100 × 268 + 40; a view from there shows 100–105
    expect(cardsInView(strip(1000, { 0: 300 }), 268 * 100 + 40, 1440)).toEqual({ first: 98, end: 108 });
    expect(cardsInView(strip(1000, { 0: 300 }), 268 * 100 + 39, 1440)).toEqual({ first: 97, end: 108 });
  });

  it('renders a handful of the 1,000 cards, and watches only their vessels', () => {
    const { clock, store } = fleet(1000);
    store.merge(Array.from({ length: 1000 }, (_, i) => gps(i + 1, NOW - 300, -6, 106 + i / 1000)));
    clock.advance(APPLY_MIN_MS);
    const view = render(panelOf(store));
    const cards = () => [...view.container.querySelectorAll('[data-testid^=ship-card-]')].map((e) => e.textContent);
    expect(view.container.textContent).toContain('Ships (1000)');
    // jsdom lays nothing out (width 0): the two overscan cards
    expect(cards()).toHaveLength(2);
    expect(cards()[0]).toContain('MV 1');
    expect(cards()[0]).toContain(`Last Update${fmtTime(NOW - 300)}`);
    expect(store.watchedIds().sort((a, b) => a - b)).toEqual([1, 2]);
    // a live change of a card's vessel shows in that card
    act(() => {
      store.merge([gps(1, NOW - 30, -6, 106)]);
      clock.advance(APPLY_MIN_MS);
    });
    expect(cards()[0]).toContain(`Last Update${fmtTime(NOW - 30)}`);
    expect(cards()[1]).toContain(`Last Update${fmtTime(NOW - 300)}`);
    view.unmount();
    expect(store.watchedIds()).toEqual([]);
  });

  it('re-renders nothing for a fix that changes nothing a card shows, and the card for one that does', () => {
    const { clock, store } = fleet(3);
    const minute = Math.floor(NOW / 60) * 60;
    store.merge([gps(1, minute + 1, -6, 106)]);
    clock.advance(APPLY_MIN_MS);
    let commits = 0;
    const view = render(
      <Profiler id="panel" onRender={() => commits++}>
        {panelOf(store)}
      </Profiler>,
    );
    const before = commits;
    // a new fix in the same minute: the map moves the hull, the card shows the same
    act(() => {
      store.merge([gps(1, minute + 30, -6.01, 106.01)]);
      clock.advance(APPLY_MIN_MS);
    });
    expect(commits).toBe(before);
    act(() => {
      store.merge([gps(1, minute + 61, -6.02, 106.02)]);
      clock.advance(APPLY_MIN_MS);
    });
    expect(commits).toBeGreaterThan(before);
    expect(view.container.textContent).toContain(`Last Update${fmtTime(minute + 61)}`);
    view.unmount();
  });
});
