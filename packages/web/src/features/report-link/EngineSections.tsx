import { Card } from 'antd';
import { useTexts } from '../../api/i18n.ts';
import { pointsOf, UNIT_MS } from '../../api/summary.ts';
import { CHART_HEIGHT } from '../../components/charts/rules.ts';
import { TimeChart, type TimeSeries } from '../../components/charts/TimeChart.tsx';
import { duration, num } from '../../components/format.ts';
import { Stat } from '../../components/summary/Stat.tsx';
import { chartSeries } from '../../components/summary/SummaryCharts.tsx';
import type { LinkSummary } from './layout.ts';
import { reportLinkTexts } from './texts.ts';

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
  const t = useTexts(reportLinkTexts);
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
        [t('fuelUsed'), num(cons)],
        [t('runningHours'), num(rpm?.[key]?.runningHours)],
        [t('averageRpm'), num(rpm?.[key]?.average)],
        [t('averageFlowRate'), num(flow)],
        [t('flowTime'), flowTime == null ? '-' : duration(flowTime)],
      ],
      series: [
        {
          name: t('fuelUsedSeries'),
          points: key === 'PORT' ? c.portFuel : c.stbdFuel,
          color: COLORS.fuel,
          type: 'bar',
        },
        { name: t('runningHours'), points: runOf(key), axis: 1, color: COLORS.run },
      ],
    };
  };

  const ae: Section = {
    key: 'AE',
    title: t('auxiliaryEngine'),
    stats: [
      ...(['AE1', 'AE2', 'AE3'] as const).flatMap((k, i): [string, string][] => [
        [t('aeRunningHours', { n: i + 1 }), num(s.ae?.[k]?.runningTime)],
        [t('aeFuel', { n: i + 1 }), num(s.ae?.[k]?.fuelConsumption)],
      ]),
      [t('totalAeFuel'), num(fm?.aeEngineCons ?? s.ae?.totalFuelConsumption)],
    ],
    series: [
      { name: t('aeFuelSeries'), points: c.aeFuel, color: COLORS.fuel, type: 'bar' },
      { name: t('aeRunningHours', { n: 1 }), points: c.ae1, axis: 1, color: COLORS.run },
      { name: t('aeRunningHours', { n: 2 }), points: c.ae2, axis: 1, color: COLORS.ae2 },
      { name: t('aeRunningHours', { n: 3 }), points: c.ae3, axis: 1, color: COLORS.ae3 },
    ],
  };

  const sections: Section[] = s.singleEngine
    ? [side('PORT', t('mainEngineSingle'), fm?.portEngineCons), ae]
    : [
        {
          key: 'ME',
          title: t('mainEngine'),
          stats: [
            [t('meFuelUsed'), num(fm?.meEngineCons)],
            [t('averageRpm'), num(rpm?.totalRPM)],
          ],
          series: [{ name: t('meFuelUsedSeries'), points: c.meFuel, color: COLORS.fuel, type: 'bar' }],
        },
        side('PORT', t('portEngine'), fm?.portEngineCons),
        side('STARBOARD', t('starboardEngine'), fm?.starboardEngineCons),
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
                aria-label={t('engineChart', { section: sec.title })}
                height={CHART_HEIGHT.report}
                stepMs={UNIT_MS.HOUR}
                axes={[{ name: t('litreAxis'), kind: 'litres' }, { name: t('hoursAxis') }]}
                series={sec.series}
              />
            </div>
          </div>
        </Card>
      ))}
    </div>
  );
}
