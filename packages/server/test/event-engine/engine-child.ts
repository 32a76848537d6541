import { createInterface } from 'node:readline';
import { INGEST_STAGES } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/database.ts';
import { engineSettings } from '../../src/modules/event-engine/definitions.ts';
import { runSweep } from '../../src/modules/event-engine/sweep.ts';
import { ingestReadings, type KeyScope } from '../../src/modules/telemetry/ingest.ts';

/**
 * A separate server process for the restart and multi-process tests: opens the database at argv[2] and, per line
 * on stdin, ingests `{"ingest": [...]}` with the gateway key scope of argv[3] or runs `{"sweep": now}`; answers
 * one line of JSON per command after its transaction committed.
 */
// the engine's settings from this process's environment, as app.ts applies them (EVENT_CONFIG_CHECK_MS)
const { eventConfigCheckMs } = loadConfig();
if (eventConfigCheckMs !== undefined) engineSettings.configCheckMs = eventConfigCheckMs;
const database = openDatabase(process.argv[2]);
const scope = JSON.parse(process.argv[3]) as KeyScope;
const pipeline = { database, stages: INGEST_STAGES };
const lines = createInterface({ input: process.stdin });
let queue = Promise.resolve();
lines.on('line', (line) => {
  queue = queue.then(async () => {
    const cmd = JSON.parse(line) as { ingest?: unknown[]; sweep?: number };
    try {
      const out = cmd.ingest ? await ingestReadings(pipeline, scope, cmd.ingest) : await runSweep(database, cmd.sweep);
      process.stdout.write(`${JSON.stringify({ ok: true, out })}\n`);
    } catch (err) {
      process.stdout.write(`${JSON.stringify({ ok: false, error: (err as Error).message })}\n`);
    }
  });
});
lines.on('close', () => void queue.then(() => database.close()));
