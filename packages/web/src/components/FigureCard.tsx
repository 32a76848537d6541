import { Card } from 'antd';
import type { ReactNode } from 'react';
import './figure-card.css';

/** A figure on a small card, its label above its value; `after` goes under the value (a sparkline). */
export function FigureCard({
  label,
  children,
  testId,
  after,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  after?: ReactNode;
}) {
  return (
    <Card size="small" data-testid={testId}>
      <div className="figure-label">{label}</div>
      <div className="figure-value">{children}</div>
      {after}
    </Card>
  );
}
