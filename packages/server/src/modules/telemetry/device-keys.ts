import { createHash, randomBytes } from 'node:crypto';
import type { DeviceKey } from '@fleet/shared/answers/device-keys.ts';
import type { Database, Db } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import type { KeyScope } from './ingest.ts';
import { query } from './sql.ts';

/**
 * Ingest keys. A key belongs to one device; a key of a gateway device covers every device on the
 * gateway's asset. Only the SHA-256 of a key is stored (keys are 256-bit random, so a slow hash
 * buys nothing and would cost every ingest batch); the plaintext is shown once, when issued.
 */
export const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * Issues a new key for a device and returns it in plaintext (the only time it exists outside the
 * device). Earlier live keys with the same label are revoked: issuing again rotates.
 */
export async function issueDeviceKey(db: Db, devcId: number, label: string, userId?: string): Promise<string> {
  const key = `dk_${randomBytes(32).toString('base64url')}`;
  const now = nowSeconds();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('device_key')
      .set({ dkeyRevokedTime: now })
      .where('dkeyDevcId', '=', devcId)
      .where('dkeyLabel', '=', label)
      .where('dkeyRevokedTime', 'is', null)
      .execute();
    await trx
      .insertInto('device_key')
      .values({
        dkeyDevcId: devcId,
        dkeyHash: keyHash(key),
        dkeyLabel: label,
        dkeyCreatedUserId: userId ?? null,
        dkeyCreatedTime: now,
      })
      .execute();
  });
  return key;
}

export async function listDeviceKeys(db: Db, devcId: number): Promise<DeviceKey[]> {
  const rows = await db
    .selectFrom('device_key')
    .select(['dkeyId', 'dkeyLabel', 'dkeyCreatedTime', 'dkeyCreatedUserId', 'dkeyRevokedTime', 'dkeyLastUsedTime'])
    .where('dkeyDevcId', '=', devcId)
    .orderBy('dkeyId', 'desc')
    .execute();
  return rows.map((r) => ({
    keyId: Number(r.dkeyId),
    label: r.dkeyLabel,
    createdTime: Number(r.dkeyCreatedTime),
    createdUserId: r.dkeyCreatedUserId ?? null,
    revokedTime: r.dkeyRevokedTime === null ? null : Number(r.dkeyRevokedTime),
    lastUsedTime: r.dkeyLastUsedTime === null ? null : Number(r.dkeyLastUsedTime),
  }));
}

/** Revokes one key of the device; false when the device has no such key. */
export async function revokeDeviceKey(db: Db, devcId: number, keyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('device_key')
    .select(['dkeyId', 'dkeyRevokedTime'])
    .where('dkeyId', '=', keyId)
    .where('dkeyDevcId', '=', devcId)
    .executeTakeFirst();
  if (!row) return false;
  if (row.dkeyRevokedTime === null)
    await db.updateTable('device_key').set({ dkeyRevokedTime: nowSeconds() }).where('dkeyId', '=', keyId).execute();
  return true;
}

/** The scope of a live key, or undefined for an unknown or revoked one. */
export async function resolveDeviceKey(database: Database, key: string): Promise<KeyScope | undefined> {
  const [row] = await query<{
    dkey_id: number;
    devc_id: number;
    devc_unique_id: string;
    devc_type: string;
    devc_mass_id: number | null;
  }>(
    database,
    `select k.dkey_id, d.devc_id, d.devc_unique_id, d.devc_type, d.devc_mass_id
       from device_key k join device d on d.devc_id = k.dkey_devc_id
      where k.dkey_hash = ? and k.dkey_revoked_time is null`,
    [keyHash(key)],
  );
  if (!row) return undefined;
  await recordKeyUse(database, Number(row.dkey_id));
  return {
    keyId: Number(row.dkey_id),
    devcId: Number(row.devc_id),
    devcUniqueId: row.devc_unique_id,
    massId: row.devc_mass_id === null ? null : Number(row.devc_mass_id),
    gateway: (row.devc_type ?? '').toLowerCase() === 'gateway',
  };
}

/** Last write of each key's use in this process: a key sending every second is written once a minute, not 86 400 times a day. */
const lastRecorded = new WeakMap<Database, Map<number, number>>();
const USE_RESOLUTION = 60;

/** Records that a key was just used (at most once a minute per key and process). */
async function recordKeyUse(database: Database, keyId: number): Promise<void> {
  const now = nowSeconds();
  let recorded = lastRecorded.get(database);
  if (!recorded) {
    recorded = new Map();
    lastRecorded.set(database, recorded);
  }
  if (now - (recorded.get(keyId) ?? 0) < USE_RESOLUTION) return;
  recorded.set(keyId, now);
  await database.db.updateTable('device_key').set({ dkeyLastUsedTime: now }).where('dkeyId', '=', keyId).execute();
}
