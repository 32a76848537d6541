import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';

/** First key of the ROB advisory locks ('ROB'); the second is the vessel's id. */
const ROB_LOCK = 0x524f42;

/**
 * Serialises the ROB writes of one vessel until the transaction `db` ends, so that a check and the write it guards
 * are one step (docs/decisions.md "ROB profiles: one writer per vessel"); also the ROB events of the vessel
 * (docs/domain.md §25.5). Called first in the write's transaction. PostgreSQL: a transaction-scoped advisory lock
 * per vessel (no superuser, no extension; other vessels are not held up). SQLite: a write takes the database's
 * single write lock, as BEGIN IMMEDIATE would (one connection per process already runs its transactions one at a
 * time; this also holds off other processes, and a read made before it fails with SQLITE_BUSY rather than act on an
 * older snapshot).
 */
export async function lockVesselRob(db: Db, dialect: Dialect, massId: unknown) {
  if (dialect === 'postgres') {
    await sql`select pg_advisory_xact_lock(${ROB_LOCK}, ${Number(massId)})`.execute(db);
  } else {
    await sql`update rob set mrob_id = mrob_id where mrob_mass_id = ${Number(massId)} and 0 = 1`.execute(db);
  }
}
