import { z } from 'zod';

/** The audit trail of master data and access (docs/api.md "Audit trail", docs/decisions.md "Audit trail"). */

/** Writes of a record, and an administrator's actions on a user's access (issue 28). */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'end-sessions',
  'send-reset-link',
  'unlock',
] as const;
export type AuditActionName = (typeof AUDIT_ACTIONS)[number];

/** Rows of one resource that went with a deleted row (or would go: the delete dialog). */
export const auditDependentSchema = z.object({ resource: z.string(), title: z.string(), count: z.number() });
export type AuditDependent = z.infer<typeof auditDependentSchema>;

/** A row of `GET /api/audit`, newest first. `before`/`after`: the row's stored values (write-only ones never). */
export const auditEntrySchema = z.object({
  id: z.number(),
  time: z.number(),
  userId: z.string(),
  userName: z.string().nullable(),
  resource: z.string(),
  title: z.string(),
  rowId: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** the fields whose stored value changed (update), for the list's "what changed" */
  changed: z.array(z.string()),
  dependents: z.array(auditDependentSchema),
  /** a delete the user may undo (not yet restored, create permission on the resource) */
  restorable: z.boolean(),
  /** a delete: the restore that undid it; a restore: the delete it undid */
  linkId: z.number().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /api/master/{path}/{id}/dependents`: what a delete would take with it, or why it would be refused. */
export const deletePreviewSchema = z.object({
  goes: z.array(auditDependentSchema),
  refused: z.string().nullable(),
});
export type DeletePreview = z.infer<typeof deletePreviewSchema>;
