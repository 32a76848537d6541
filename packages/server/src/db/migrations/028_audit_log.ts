import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The audit trail of master data and access (issue 28, docs/decisions.md "Audit trail"): one row per create, update,
 * delete and restore made through the master routes — who, when, the row before and after. A delete keeps the row
 * and every row that went with it (`audt_dependents`), so an administrator can restore it. The scope columns are the
 * row's company, vessel and tenant when it was written: the entry stays visible to exactly who could see the row.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('audit_log')
    .addColumn('audt_id', 'integer', id)
    .addColumn('audt_time', 'bigint', (c) => c.notNull())
    .addColumn('audt_user_id', 'text', (c) => c.notNull())
    /** the resource's name (resources in @fleet/shared) */
    .addColumn('audt_resource', 'text', (c) => c.notNull())
    /** the row's id, as text (user ids are text) */
    .addColumn('audt_row_id', 'text', (c) => c.notNull())
    /** create | update | delete | restore */
    .addColumn('audt_action', 'text', (c) => c.notNull())
    /** the row as stored before (update, delete) and after (create, update, restore): JSON objects */
    .addColumn('audt_before', 'text')
    .addColumn('audt_after', 'text')
    /** delete: the rows that went with it, parents first: JSON [{ resource, row }] */
    .addColumn('audt_dependents', 'text')
    /** who may see the entry: the row's company, vessel and tenant group when it was written (null: none) */
    .addColumn('audt_comp_id', 'integer')
    .addColumn('audt_mass_id', 'integer')
    .addColumn('audt_grcp_id', 'integer')
    /** a restore: the delete entry it undid; a delete: the restore that undid it */
    .addColumn('audt_link_id', 'integer')
    .execute();
  await db.schema.createIndex('audit_log_row').on('audit_log').columns(['audt_resource', 'audt_row_id']).execute();
  await db.schema.createIndex('audit_log_time').on('audit_log').column('audt_time').execute();
}
