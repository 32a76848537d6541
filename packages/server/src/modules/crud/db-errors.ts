/** Constraint failures of either engine, told apart so they answer 409/400 instead of 500. */
export type ConstraintKind = 'unique' | 'foreignKey' | 'notNull';

export function constraintKind(err: unknown): ConstraintKind | null {
  const { code, message } = (err ?? {}) as { code?: string; message?: string };
  // SQLite reports ON DELETE RESTRICT as SQLITE_CONSTRAINT_TRIGGER
  if (code?.startsWith('SQLITE_CONSTRAINT') && message?.includes('FOREIGN KEY')) return 'foreignKey';
  switch (code) {
    case '23505': // PostgreSQL
    case 'SQLITE_CONSTRAINT_UNIQUE':
    case 'SQLITE_CONSTRAINT_PRIMARYKEY':
      return 'unique';
    case '23503':
    case 'SQLITE_CONSTRAINT_FOREIGNKEY':
      return 'foreignKey';
    case '23502':
    case 'SQLITE_CONSTRAINT_NOTNULL':
      return 'notNull';
    default:
      return null;
  }
}
