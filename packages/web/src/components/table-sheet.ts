import type { ReactNode } from 'react';
import type { Cell } from './xlsx.ts';

/** A table column that is also a column of the list's download: `sheet` gives the row's cell in the file. */
export interface SheetColumn<T> {
  title?: ReactNode;
  /** the cell in the file: a number stays a number (rounded as the screen shows it), a time as the screen writes it */
  sheet?: (row: T) => Cell;
}

/**
 * A table's rows as a sheet (issue 31), from the table's own column definitions: every column with a `sheet`
 * (not the actions), headed by its title as shown. One definition drives the table and the file, so the file
 * cannot lose a column the table shows.
 */
export function tableSheet<T>(columns: SheetColumn<T>[], rows: T[]): Cell[][] {
  const kept = columns.filter((c): c is SheetColumn<T> & { sheet: (row: T) => Cell } => !!c.sheet);
  return [
    kept.map((c) => (typeof c.title === 'string' ? c.title : '')),
    ...rows.map((r) => kept.map((c) => c.sheet(r))),
  ];
}
