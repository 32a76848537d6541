import { Progress } from 'antd';
import { percent } from './format.ts';

/** A percentage as text, 2 decimals (spec 002 §9 "percentages 2 decimals"): `97.50%`. */
export const percentText = (v: number) => percent(v);

/**
 * A sensor-percentage bar (docs/domain.md §20) with its figure beside it at every value: antd's Progress would
 * show an icon instead of the number at 100 % ('success') and below `warnBelow` ('exception').
 */
export function PercentBar({ value, warnBelow, label }: { value: number; warnBelow?: number; label?: string }) {
  const v = Math.max(0, Math.min(100, value));
  return (
    <Progress
      percent={v}
      size="small"
      status={warnBelow !== undefined && v < warnBelow ? 'exception' : 'normal'}
      format={() => percentText(v)}
      aria-label={label}
      className="percent-bar"
    />
  );
}
