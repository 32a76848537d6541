import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Voyages (issue 30, docs/domain.md §37): the legs detection finds per vessel, the motion hours it writes (seconds
 * under way and with a main engine running while idle, per UTC hour), the vessels marked for re-detection by ingest,
 * and the operators' corrections (applied on top of every detection, so they live apart from the detected legs).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('voyage_leg')
    .addColumn('asset_id', 'integer', (c) => c.notNull())
    .addColumn('start_ts', 'bigint', (c) => c.notNull())
    .addColumn('end_ts', 'bigint', (c) => c.notNull())
    /** berth | anchor | underway | towing */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_place', 'text')
    .addColumn('to_place', 'text')
    .addColumn('start_lat', 'double precision', (c) => c.notNull())
    .addColumn('start_lng', 'double precision', (c) => c.notNull())
    .addColumn('end_lat', 'double precision', (c) => c.notNull())
    .addColumn('end_lng', 'double precision', (c) => c.notNull())
    /** 1: the vessel's last leg, still going on */
    .addColumn('ongoing', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('voyage_leg_pk', ['asset_id', 'start_ts'])
    .execute();
  await db.schema
    .createTable('voyage_motion_hour')
    .addColumn('asset_id', 'integer', (c) => c.notNull())
    /** the UTC hour's first second */
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('underway_seconds', 'double precision', (c) => c.notNull())
    .addColumn('idle_running_seconds', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('voyage_motion_hour_pk', ['asset_id', 'hour'])
    .execute();
  await db.schema
    .createTable('voyage_state')
    .addColumn('asset_id', 'integer', (c) => c.primaryKey())
    /** the earliest reading time not yet detected from (null: up to date) */
    .addColumn('dirty_from', 'bigint')
    /** when detection last ran (epoch s) */
    .addColumn('detected_at', 'bigint')
    .execute();
  await db.schema.createIndex('voyage_state_dirty').on('voyage_state').column('dirty_from').execute();
  await db.schema
    .createTable('voyage_correction')
    .addColumn('vcor_id', 'integer', id)
    .addColumn('vcor_asset_id', 'integer', (c) => c.notNull())
    /** merge | split | rename */
    .addColumn('vcor_action', 'text', (c) => c.notNull())
    /** the request as made: JSON */
    .addColumn('vcor_detail', 'text', (c) => c.notNull())
    .addColumn('vcor_created_by', 'text', (c) => c.notNull())
    .addColumn('vcor_created_time', 'bigint', (c) => c.notNull())
    /** withdrawn (DELETE): the row stays, so who made and who withdrew each correction stays on record */
    .addColumn('vcor_deleted_by', 'text')
    .addColumn('vcor_deleted_time', 'bigint')
    .execute();
  await db.schema.createIndex('voyage_correction_asset').on('voyage_correction').column('vcor_asset_id').execute();
  // an existing install's vessels are detected by the background pass from their first reading on
  await sql`insert into voyage_state (asset_id, dirty_from) select mass_id, 0 from asset`.execute(db);
  await grantVoyages(db as Kysely<any>);
}

/** The permission key of this migration and what the built-in roles get of it (frozen: no import of the catalogue). */
const KEY = 'voyages';
const GRANTS: Record<string, string[]> = {
  Administrator: ['create', 'read', 'update', 'delete'],
  Operator: ['read'],
};

/**
 * An existing install has its permission catalogue and built-in roles already (ensureBuiltInRoles runs at the first
 * run and the demo seed only): the new key and its grants are added here. A fresh database has no catalogue yet:
 * nothing to do, the first run writes the whole catalogue.
 */
async function grantVoyages(db: Kysely<any>): Promise<void> {
  const any = await db.selectFrom('permission').select('prmsId').limit(1).executeTakeFirst();
  if (!any) return;
  const now = Math.floor(Date.now() / 1000);
  const by = 'migration';
  let prms = await db.selectFrom('permission').select('prmsId').where('prmsName', '=', KEY).executeTakeFirst();
  if (!prms)
    prms = await db
      .insertInto('permission')
      .values({
        prmsName: KEY,
        prmsOperations: JSON.stringify(['create', 'read', 'update', 'delete']),
        prmsCreatedUserId: by,
        prmsCreatedTime: now,
      })
      .returning('prmsId')
      .executeTakeFirstOrThrow();
  for (const [roleName, ops] of Object.entries(GRANTS)) {
    const role = await db
      .selectFrom('role')
      .select('roleId')
      .where('roleName', '=', roleName)
      .where('roleGrcpId', 'is', null)
      .executeTakeFirst();
    if (!role) continue;
    const has = await db
      .selectFrom('role_permission')
      .select('rperRoleId')
      .where('rperRoleId', '=', role.roleId)
      .where('rperPrmsId', '=', prms.prmsId)
      .executeTakeFirst();
    if (has) continue;
    await db
      .insertInto('role_permission')
      .values({
        rperRoleId: role.roleId,
        rperPrmsId: prms.prmsId,
        rperOperations: JSON.stringify(ops),
        rperCreatedUserId: by,
        rperCreatedTime: now,
      })
      .execute();
  }
}
