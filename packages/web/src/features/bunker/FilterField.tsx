import type { ReactNode } from 'react';

/** One labelled control of a filter bar (the label points at the control's id). */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="filter-bar-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}
