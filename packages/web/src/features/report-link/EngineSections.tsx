import { Card } from 'antd';
import { pointsOf, UNIT_MS } from '../../api/summary.ts';
import { CHART_HEIGHT } from '../../components/charts/rules.ts';
import { TimeChart, type TimeSeries } from '../../components/charts/TimeChart.tsx';
import { duration, num } from '../../components/format.ts';
import { Stat } from '../../components/summary/Stat.tsx';
import { chartSeries } from '../../components/summary/SummaryCharts.tsx';
import type { LinkSummary } from './layout.ts';

/** Spec 002 §9 conversions: seconds to hours ÷ 3600 (the per-bucket running time is in seconds, domain.md §9). */
const hoursOf = (sec: number | null | undefined) => (sec == null ? null : sec / 3600);

const COLORS = { fuel: '#1677ff', run: '#d4380d', ae2: '#13c2c2', ae3: '#fa8c16' };

interface Section {
  key: string;
  title: string;
  stats: [string, string][];
  series: TimeSeries[];
}

/**
 * The engine sections of spec 002 §2.4 — main engine, port engine and starboard engine (twin), main engine
 * (single engine), auxiliary engine — each with its fuel and running figures and a fuel-vs-running chart per hour.
 */
export function EngineSections({ s }: { s: LinkSummary }) {
  const c = chartSeries(s);
  const fm = s.flowmeter?.summary;
  const rpm = s.rpm?.summary;
  const runOf = (side: 'PORT' | 'STARBOARD') => pointsOf(s.rpm?.data?.[side], (r) => hoursOf(r.runningTime));
  const side = (key: 'PORT' | 'STARBOARD', title: string, cons: number | null | undefined): Section => {
    const flow = key === 'PORT' ? fm?.portAverageFlow : fm?.starboardAverageFlow;
    const flowTime = key === 'PORT' ? fm?.PORT_IN_flowTime : fm?.STARBOARD_IN_flowTime;
    return {
      key,
      title,
      stats: [
        ['Fuel Used (Liter)', num(cons)],
        ['Running Hours', num(rpm?.[key]?.runningHours)],
        ['Average RPM', num(rpm?.[key]?.average)],
        ['Average Flow Rate (L/h)', num(flow)],
        ['Flow Time', flowTime == null ? '-' : duration(flowTime)],
      ],
      series: [
        {
          name: 'Fuel Used (L)',
          points: key === 'PORT' ? c.portFuel : c.stbdFuel,
          color: COLORS.fuel,
          type: 'bar',
        },
        { name: 'Running Hours', points: runOf(key), axis: 1, color: COLORS.run },
      ],
    };
  };

  const ae: Section = {
    key: 'AE',
    title: 'Auxiliary Engine',
    stats: [
      ...(['AE1', 'AE2', 'AE3'] as const).flatMap((k, i): [string, string][] => [
        [`AE ${i + 1} Running Hours`, num(s.ae?.[k]?.runningTime)],
        [`AE ${i + 1} Fuel (Liter)`, num(s.ae?.[k]?.fuelConsumption)],
      ]),
      ['Total AE Fuel (Liter)', num(fm?.aeEngineCons ?? s.ae?.totalFuelConsumption)],
    ],
    series: [
      { name: 'AE Fuel (L)', points: c.aeFuel, color: COLORS.fuel, type: 'bar' },
      { name: 'AE 1 Running Hours', points: c.ae1, axis: 1, color: COLORS.run },
      { name: 'AE 2 Running Hours', points: c.ae2, axis: 1, color: COLORS.ae2 },
      { name: 'AE 3 Running Hours', points: c.ae3, axis: 1, color: COLORS.ae3 },
    ],
  };

  const sections: Section[] = s.singleEngine
    ? [side('PORT', 'Main Engine (Single Engine)', fm?.portEngineCons), ae]
    : [
        {
          key: 'ME',
          title: 'Main Engine',
          stats: [
            ['ME Fuel Used (Liter)', num(fm?.meEngineCons)],
            ['Average RPM', num(rpm?.totalRPM)],
          ],
          series: [{ name: 'ME Fuel Used (L)', points: c.meFuel, color: COLORS.fuel, type: 'bar' }],
        },
        side('PORT', 'Port Engine', fm?.portEngineCons),
        side('STARBOARD', 'Starboard Engine', fm?.starboardEngineCons),
        ae,
      ];

  return (
    <div className="rl-engines">
      {sections.map((sec) => (
        <Card key={sec.key} size="small" title={sec.title} data-testid={`rl-engine-${sec.key}`} className="rl-engine">
          <div className="rl-engine-body">
            <div className="rl-engine-stats">
              {sec.stats.map(([label, value]) => (
                <Stat key={label} label={label} value={value} />
              ))}
            </div>
            <div className="rl-engine-chart">
              <TimeChart
                aria-label={`${sec.title} fuel and running hours`}
                height={CHART_HEIGHT.report}
                stepMs={UNIT_MS.HOUR}
                axes={[{ name: 'Liter', kind: 'litres' }, { name: 'Hours' }]}
                series={sec.series}
              />
            </div>
          </div>
        </Card>
      ))}
    </div>
  );
}
