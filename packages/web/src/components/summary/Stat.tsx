import type { ReactNode } from 'react';

/** A label and its value on one line of a summary card. */
export function Stat({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <div className="report-stat">
      <span className="report-stat-label">{label}</span>
      <span className="report-stat-value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}
