import { DEMO_FLEET, type DemoVessel } from '@fleet/fleet-catalog';
import { VesselSimulator } from '@fleet/simulator';
import type { FastifyInstance } from 'fastify';
import { nowSeconds } from '../../http/time.ts';
import { robEventQueue } from '../../modules/rob/rob-events.ts';
import { lockVesselRob } from '../../modules/rob/rob-lock.ts';
import type { Database } from '../database.ts';
import { logDemoBunkerings } from './demo-bunker.ts';

const DAY = 86400;
/** a bunkering that ends in the window began at most 2 h before it: its plan is kept */
const KEEP_BEFORE = 3 * 3600;
/** How often the demo crew looks for bunkerings the simulator has finished (s). */
export const DEMO_CLERK_SECONDS = 900;

/**
 * The demo crew's bunkering logs while the built-in simulator runs (DEMO=1 and SIMULATOR=1): the seed logs the
 * bunkerings up to its own time; this logs each later one once the simulator has finished it (docs/domain.md §33),
 * so the demo's ROB ledgers keep every bunkering and never go below zero however long the demo runs. A pass looks
 * at the last BACKFILL_DAYS (a restart after a pause logs what the simulator's backfill then fills in) and logs a
 * bunkering that no log of the vessel overlaps — one the user deleted within that window comes back.
 */
export class DemoBunkerClerk {
  private readonly sims = new Map<string, VesselSimulator>();

  constructor(
    private readonly database: Database,
    private readonly days: number,
    private readonly clock: () => number = nowSeconds,
  ) {}

  /** One pass: logs what the simulator finished since; returns how many logs it wrote. */
  async pass(): Promise<number> {
    const db = this.database.db;
    const now = this.clock();
    const from = now - this.days * DAY;
    let written = 0;
    for (const v of DEMO_FLEET) {
      const asset = await db.selectFrom('asset').select('massId').where('massName', '=', v.name).executeTakeFirst();
      if (!asset) continue;
      const massId = Number(asset.massId);
      const sim = this.simulator(v, from);
      const n = await db.transaction().execute(async (trx) => {
        await lockVesselRob(trx, this.database.dialect, massId); // one clerk at a time per vessel, in any process
        return logDemoBunkerings(trx, v, massId, sim, { from, to: now, now });
      });
      if (n > 0) robEventQueue(this.database)?.schedule(massId);
      written += n;
    }
    return written;
  }

  private simulator(v: DemoVessel, from: number): VesselSimulator {
    let sim = this.sims.get(v.code);
    if (!sim) {
      sim = new VesselSimulator('demo', v, from - KEEP_BEFORE);
      this.sims.set(v.code, sim);
    }
    sim.timeline.prune(from - KEEP_BEFORE);
    return sim;
  }
}

/** Starts the demo crew: a pass now and every DEMO_CLERK_SECONDS, until `stop()`. */
export function startDemoBunkerClerk(app: FastifyInstance): { clerk: DemoBunkerClerk; stop(): Promise<void> } {
  const clerk = new DemoBunkerClerk(app.deps.database, app.deps.config.backfillDays);
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = clerk
      .pass()
      .then((n) => n && app.log.info({ logs: n }, 'demo: bunkerings logged'))
      .catch((err) => app.log.warn({ err: (err as Error).message }, 'demo: bunkering logs failed'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, DEMO_CLERK_SECONDS * 1000);
  timer.unref();
  return {
    clerk,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
