import { CHART_HEIGHT, type Point } from './rules.ts';
import { TimeChart } from './TimeChart.tsx';

/** Spec 002 §9: the last 60 points, 60 px high; temperature sparklines on a 0–50 axis. */
export const SPARKLINE_POINTS = 60;

export function Sparkline({
  points,
  stepMs,
  color,
  temperature,
  label,
}: {
  points: Point[];
  stepMs: number;
  color?: string;
  temperature?: boolean;
  label: string;
}) {
  return (
    <TimeChart
      bare
      aria-label={label}
      height={CHART_HEIGHT.sparkline}
      stepMs={stepMs}
      axes={[{ name: label, ...(temperature ? { min: 0, max: 50 } : {}) }]}
      series={[{ name: label, points: points.slice(-SPARKLINE_POINTS), color }]}
    />
  );
}
