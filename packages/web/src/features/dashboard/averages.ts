import type { Summary } from '@fleet/shared/answers/summary.ts';
import { text } from '../../api/i18n.ts';
import { componentsTexts } from '../../components/texts.ts';
import { dashboardTexts } from './texts.ts';

/**
 * The main engine's average fuel flow on the dashboard (the Total Engine Cons card and the chart's averages): the
 * supply meters' average flow rates added (docs/domain.md §15); null without flow meter data.
 */
export function meAverageFlow(s: Summary): number | null {
  const fm = s.flowmeter?.summary;
  if (!fm || (fm.portAverageFlow == null && fm.starboardAverageFlow == null)) return null;
  return (fm.portAverageFlow ?? 0) + (fm.starboardAverageFlow ?? 0);
}

/**
 * The averages above the RPM, Fuel Consumption and Speed chart (spec 002 §2.9 "a chart with averages") for the
 * summary the chart draws (the filter's period, or the zoomed window): the summary's own figures — Average RPM per
 * side (§9), the main engine's average fuel flow (§15) and the one average speed (§7, distance ÷ moving time) —
 * never a mean of the chart's bucket values, so each equals the card that shows the same quantity. The labels are in
 * the language in force (called at render).
 */
export function chartAverages(s: Summary): { label: string; value: number | null }[] {
  const rpm = s.rpm?.summary;
  const sides = s.singleEngine ? (['PORT'] as const) : (['PORT', 'STARBOARD'] as const);
  const averageRpm = (side: 'PORT' | 'STARBOARD') =>
    s.singleEngine ? 'averageRpmMainEngine' : side === 'PORT' ? 'averageRpmPort' : 'averageRpmStarboard';
  return [
    ...sides.map((side) => ({
      label: text(dashboardTexts, averageRpm(side)),
      value: rpm?.[side]?.average ?? null,
    })),
    { label: text(dashboardTexts, 'avgFuelFlow'), value: meAverageFlow(s) },
    { label: text(componentsTexts, 'averageSpeed'), value: s.gps?.summary.averageSpeedKnot ?? null },
  ];
}
