import { describe, expect, it } from 'vitest';
import { type BadgeMessage, HighEventBadge, highEventKey } from './high-event-badge.ts';

/** Tabs joined by a bus that, like a BroadcastChannel, delivers a tab's message to every other tab (queued). */
function browser() {
  const tabs: HighEventBadge[] = [];
  const queue: [HighEventBadge, BadgeMessage][] = [];
  const deliver = () => {
    while (queue.length) {
      const [to, m] = queue.shift()!;
      if (tabs.includes(to)) to.onMessage(m);
    }
  };
  return {
    open(settle = true) {
      const tab: HighEventBadge = new HighEventBadge(
        {
          post: (m) => {
            for (const other of tabs) if (other !== tab) queue.push([other, structuredClone(m)]);
          },
        },
        () => {},
      );
      tabs.push(tab);
      tab.hello();
      if (settle) deliver();
      return tab;
    },
    close(tab: HighEventBadge) {
      tabs.splice(tabs.indexOf(tab), 1);
    },
    deliver,
    counts: () => tabs.map((t) => t.count),
  };
}

const e1 = highEventKey({ gatewayUid: 'gateway-v1', mevtId: 7, timestamp: 1000 });
const e2 = highEventKey({ gatewayUid: 'gateway-v1', mevtId: 8, timestamp: 1010 });

describe('the High event badge shared by the tabs of a browser', () => {
  it("an event counts once in every tab, whichever tabs' sockets delivered it", () => {
    const b = browser();
    const [x, y, z] = [b.open(), b.open(), b.open()];
    x.received(e1, false);
    y.received(e1, false); // the same event from y's own socket, before x's message arrived
    b.deliver();
    z.received(e1, false);
    b.deliver();
    expect(b.counts()).toEqual([1, 1, 1]);
    y.received(e2, false);
    b.deliver();
    expect(b.counts()).toEqual([2, 2, 2]);
    expect([x, y, z].map((t) => t.count)).toEqual([2, 2, 2]);
  });

  it('opening the Event Log in one tab clears every tab; a late delivery of a cleared event does not count again', () => {
    const b = browser();
    const [x, y] = [b.open(), b.open()];
    x.received(e1, false);
    b.deliver();
    expect(b.counts()).toEqual([1, 1]);
    y.clear();
    b.deliver();
    expect(b.counts()).toEqual([0, 0]);
    x.received(e1, false); // x's socket again (a reconnect), or a slow one
    b.deliver();
    expect(b.counts()).toEqual([0, 0]);
    x.received(e2, false); // a new event shows in all
    b.deliver();
    expect(b.counts()).toEqual([1, 1]);
  });

  it('an event that reaches a tab showing the Event Log is seen: no tab counts it', () => {
    const b = browser();
    const [x, y] = [b.open(), b.open()];
    y.received(e1, true);
    b.deliver();
    x.received(e1, false);
    b.deliver();
    expect(b.counts()).toEqual([0, 0]);
  });

  it('a tab opened later shows the same badge at once; one opened on the Event Log clears it everywhere', () => {
    const b = browser();
    const x = b.open();
    x.received(e1, false);
    x.received(e2, false);
    const y = b.open();
    expect(y.count).toBe(2);
    const z = b.open(false);
    z.clear(); // z opened on the Event Log: the answers to its hello, arriving after, must not bring the events back
    b.deliver();
    expect(b.counts()).toEqual([0, 0, 0]);
    b.close(x);
    expect(b.counts()).toEqual([0, 0]);
  });
});
