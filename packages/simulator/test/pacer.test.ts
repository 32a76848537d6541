import { describe, expect, it } from 'vitest';
import { loopPacer } from '../src/index.ts';

/** The backfill's pacing inside the server (issue 23): other work first, the next batch after it. */
describe('loopPacer', () => {
  it('holds the next batch back while requests are being answered, and lets it through after them', async () => {
    let open = 1;
    const order: string[] = [];
    const pacer = loopPacer({ busy: () => open > 0, maxWaitMs: 60_000 });
    setTimeout(() => {
      order.push('request answered');
      open = 0;
    }, 30);
    await pacer.pace();
    order.push('batch');
    expect(order).toEqual(['request answered', 'batch']);
    expect(pacer.stats).toMatchObject({ slices: 1, waits: 1, forced: 0 });
  });

  it('gives work queued on the loop its turn before every batch', async () => {
    const order: string[] = [];
    const pacer = loopPacer();
    setImmediate(() => order.push('queued work'));
    await pacer.pace();
    order.push('batch');
    expect(order).toEqual(['queued work', 'batch']);
  });

  it('never stops the backfill for good: after the longest wait one batch goes through', async () => {
    const pacer = loopPacer({ busy: () => true, maxWaitMs: 20 });
    await pacer.pace();
    await pacer.pace();
    expect(pacer.stats).toMatchObject({ slices: 2, waits: 2, forced: 2 });
  });
});
