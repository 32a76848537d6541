import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import { runBackup } from './backup.ts';
import { createMonthsAhead } from './partitions.ts';
import { runRetention } from './retention.ts';

/**
 * The data lifecycle's background work (docs/operations.md "Retention", "Backup and restore"): the retention pass every
 * RETENTION_CHECK_MINUTES (PostgreSQL: with the monthly partitions ahead) and a backup every BACKUP_HOURS. Several
 * server processes on one PostgreSQL database: each pass runs in one of them at a time (a session advisory lock, tried
 * and not waited for); SQLite has one process.
 */

/** First key of the lifecycle's advisory locks ('LIFE'); the second names the job. */
const LIFECYCLE_LOCK = 0x4c494645;
const JOBS = { retention: 1, backup: 2 } as const;

/** Runs `work` unless another process runs the same job now (PostgreSQL); answers whether it ran. */
export async function runOnce(database: Database, job: keyof typeof JOBS, work: () => Promise<unknown>) {
  if (database.dialect === 'sqlite') {
    await work();
    return true;
  }
  const client = await database.pool.connect();
  try {
    const r = await client.query('select pg_try_advisory_lock($1::int4, $2::int4) as ok', [LIFECYCLE_LOCK, JOBS[job]]);
    if (!r.rows[0]?.ok) return false;
    try {
      await work();
    } finally {
      await client.query('select pg_advisory_unlock($1::int4, $2::int4)', [LIFECYCLE_LOCK, JOBS[job]]);
    }
    return true;
  } finally {
    client.release();
  }
}

export const lifecyclePlugin: FastifyPluginAsync = async (app) => {
  const { database, config } = app.deps;
  const l = config.lifecycle;
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, firstMs: number, name: string, pass: () => Promise<unknown>) => {
    let running = false;
    const tick = () => {
      if (running) return; // a slow pass is not overlapped
      running = true;
      pass()
        .catch((err) => app.log.error({ err }, `${name} failed`))
        .finally(() => {
          running = false;
        });
    };
    app.addHook('onReady', async () => {
      timers.push(setTimeout(tick, firstMs), setInterval(tick, ms));
      for (const t of timers) t.unref();
    });
  };
  if (l.rawRetentionDays > 0 || database.dialect === 'postgres')
    every(l.retentionCheckMinutes * 60_000, 15_000, 'retention', () =>
      runOnce(database, 'retention', async () => {
        const now = nowSeconds();
        await createMonthsAhead(database, now, 2);
        const r = await runRetention(database, { days: l.rawRetentionDays, now, vacuumPages: 0 });
        if (r.deleted || r.dropped.length || r.vacuumed) app.log.info(r, 'retention: raw readings deleted');
      }),
    );
  if (l.backupHours > 0)
    every(l.backupHours * 3_600_000, l.backupHours * 3_600_000, 'backup', () =>
      runOnce(database, 'backup', async () => {
        const dir = await runBackup(database, {
          dataDir: config.dataDir,
          backupDir: l.backupDir,
          keep: l.backupKeep,
          databaseUrl: config.databaseUrl,
        });
        app.log.info({ dir }, 'backup written');
      }),
    );
  app.addHook('onClose', async () => {
    for (const t of timers) clearTimeout(t);
  });
};
