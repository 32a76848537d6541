import { describe, expect, it } from 'vitest';
import { FairQueue } from '../../src/workers/fair-queue.ts';

/** Issue 23: the heavy-work queue is fair between companies and bounded per company and in total. */
describe('fair queue', () => {
  const all = <T>(q: FairQueue<T>) => {
    const out: T[] = [];
    for (let x = q.shift(); x !== undefined; x = q.shift()) out.push(x);
    return out;
  };

  it("one company's four reports do not hold another company's single report behind all four", () => {
    const q = new FairQueue<string>(10, 100);
    for (const r of ['A1', 'A2', 'A3', 'A4']) q.push('A', r);
    q.push('B', 'B1');
    expect(all(q)).toEqual(['A1', 'B1', 'A2', 'A3', 'A4']);
  });

  it('a company arriving while another one is being served goes next', () => {
    const q = new FairQueue<string>(10, 100);
    q.push('A', 'A1');
    expect(q.shift()).toBe('A1'); // A1 now runs; its line is empty
    for (const r of ['A2', 'A3', 'A4']) q.push('A', r);
    q.push('B', 'B1');
    expect(all(q)).toEqual(['B1', 'A2', 'A3', 'A4']);
  });

  it('companies take turns (round-robin); a latecomer starts level, without a burst of saved-up turns', () => {
    const q = new FairQueue<string>(10, 100);
    for (const r of ['A1', 'A2', 'A3']) q.push('A', r);
    for (const r of ['B1', 'B2', 'B3']) q.push('B', r);
    expect([q.shift(), q.shift(), q.shift(), q.shift()]).toEqual(['A1', 'B1', 'A2', 'B2']);
    for (const r of ['C1', 'C2', 'C3']) q.push('C', r);
    // C has not been served yet: it goes first among equals, then the three take turns
    expect(all(q)).toEqual(['C1', 'A3', 'B3', 'C2', 'C3']);
  });

  it('refuses beyond the per-company bound and the total bound; a refusal adds nothing', () => {
    const q = new FairQueue<number>(2, 3);
    expect(q.push('A', 1)).toBe(true);
    expect(q.push('A', 2)).toBe(true);
    expect(q.push('A', 3)).toBe(false); // A's line is full
    expect(q.waiting('A')).toBe(2);
    expect(q.push('B', 4)).toBe(true);
    expect(q.push('C', 5)).toBe(false); // the queue is full
    expect(q.size).toBe(3);
    expect(q.shift()).toBe(1);
    expect(q.push('A', 6)).toBe(true); // room again
    expect(all(q)).toEqual([4, 2, 6]);
  });

  it('drain takes everything out', () => {
    const q = new FairQueue<number>(5, 5);
    q.push('A', 1);
    q.push('B', 2);
    expect(q.drain().sort()).toEqual([1, 2]);
    expect(q.size).toBe(0);
    expect(q.shift()).toBeUndefined();
  });
});
