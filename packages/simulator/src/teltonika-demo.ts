import { VesselSimulator } from './readings.ts';
import { TrackerClient, type TrackerRecord } from './teltonika.ts';
import type { VesselSpec } from './vessel.ts';

/**
 * The demo trackers (README "Simulator"): Teltonika devices aboard demo vessels, connected over TCP and sending
 * codec 8 Extended records of their vessel's position along the demo sea lanes — the same voyage plan as the
 * vessel's GPS (same seed). On connect the last `backfillHours` go out at 1-minute spacing in frames of 50 records,
 * then one record every `intervalS`; a record counts as sent only once the server acknowledged it, and after a
 * dropped connection the tracker reconnects and resends what was not acknowledged.
 */
export interface DemoTracker {
  imei: string;
  vessel: VesselSpec;
}

export interface DemoTrackerOptions {
  host: string;
  port: number;
  trackers: DemoTracker[];
  seed?: string;
  intervalS?: number;
  backfillHours?: number;
  log?: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

/** A tracker record of the vessel's state at t (epoch seconds). */
export function trackerRecordAt(sim: VesselSimulator, t: number): TrackerRecord {
  const s = sim.timeline.stateAt(t);
  const k = Math.floor(t / 60);
  const speedKmh = s.speed * 3.6;
  return {
    timestamp: t * 1000,
    latitude: Math.round(s.lat * 1e7) / 1e7,
    longitude: Math.round(s.lon * 1e7) / 1e7,
    altitude: 2 + (k % 3),
    angle: Math.round(s.heading) % 360,
    satellites: 8 + (k % 5),
    speed: Math.round(speedKmh),
    eventIoId: 0,
    io: {
      239: s.engineOn ? 1 : 0, // ignition
      240: speedKmh > 1 ? 1 : 0, // movement
      21: 3 + (k % 3), // GSM signal
      69: 1, // GNSS on
      66: 26_500 + ((k * 37) % 1500), // external voltage, mV
      24: Math.round(speedKmh), // GNSS speed
    },
  };
}

export interface DemoTrackersHandle {
  stop(): Promise<void>;
  sent(): number;
}

export function runDemoTrackers(options: DemoTrackerOptions): DemoTrackersHandle {
  const intervalS = options.intervalS ?? 10;
  const backfill = (options.backfillHours ?? 24) * 3600;
  let stopped = false;
  let sent = 0;
  const clients: TrackerClient[] = [];
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  async function run(tracker: DemoTracker) {
    const now = () => Math.floor(Date.now() / 1000);
    const sim = new VesselSimulator(options.seed ?? 'demo', tracker.vessel, now() - backfill - 3600);
    // the records not yet acknowledged, oldest first
    const queue: TrackerRecord[] = [];
    let next = Math.ceil((now() - backfill) / 60) * 60;
    const client = new TrackerClient({ host: options.host, port: options.port, imei: tracker.imei });
    clients.push(client);
    while (!stopped) {
      try {
        if (client.closed) await client.open();
        const t = now();
        while (next <= t) {
          queue.push(trackerRecordAt(sim, next));
          next += t - next > 2 * intervalS ? 60 : intervalS;
        }
        while (queue.length && !stopped) {
          const batch = queue.slice(0, 50);
          const acked = await client.send(batch);
          queue.splice(0, acked);
          sent += acked;
        }
        await sleep(intervalS * 1000);
      } catch (err) {
        if (stopped) break;
        options.log?.warn({ imei: tracker.imei, reason: (err as Error).message }, 'demo tracker: reconnecting in 5 s');
        client.close();
        await sleep(5000);
      }
    }
  }

  const runs = options.trackers.map((t) => run(t));
  options.log?.info({ trackers: options.trackers.length }, 'demo trackers started');
  return {
    sent: () => sent,
    async stop() {
      stopped = true;
      for (const c of clients) c.close();
      await Promise.race([Promise.all(runs), sleep(1000)]);
    },
  };
}
