import type { ReportPage } from '@fleet/shared/answers/daily-report.ts';
import { num, num3, position } from '../format.ts';
import type { PageContext, Side } from './context.ts';

/** The Summary page (docs/domain.md §31): GPS, main engine, fuel and CO₂, auxiliary engines — period figures. */
export function summaryPages(c: PageContext): ReportPage[] {
  const { s, aeNames, aeFuel } = c;
  const g = s.gps?.summary;
  const fm = s.flowmeter?.summary;
  const ae = s.ae;
  const sideRow = (label: string, side: Side) => {
    const r = s.rpm?.summary[side];
    return [label, num(r?.average), num(r?.runningHours)];
  };
  const engines = s.singleEngine
    ? [sideRow('Main Engine', c.side1)]
    : [sideRow('Port', 'PORT'), sideRow('Starboard', 'STARBOARD')];
  const fuelRows: string[][] = s.singleEngine
    ? [['Main Engine', num(fm?.meEngineCons)]]
    : [
        ['Port ME', num(fm?.portEngineCons)],
        ['Starboard ME', num(fm?.starboardEngineCons)],
        ['ME Total', num(fm?.meEngineCons)],
      ];
  fuelRows.push(
    [`Auxiliary Engines${ae?.metered ? '' : ' (estimated)'}`, num(aeFuel)],
    ['Total Fuel', num(fm?.totalFuelCons ?? aeFuel)],
    ['CO₂ Emitted (t)', num3(fm?.co2Emitted)],
  );
  const aeRows = aeNames.map((n) => [n, num(ae?.[n]?.runningTime), num(ae?.[n]?.fuelConsumption)]);
  aeRows.push(['Total', num(aeNames.reduce((a, n) => a + (ae?.[n]?.runningTime ?? 0), 0)), num(aeFuel)]);
  const page: ReportPage = {
    key: 'summary',
    title: 'Summary',
    blocks: [
      {
        kind: 'row',
        blocks: [
          {
            kind: 'table',
            title: 'GPS',
            columns: ['Item', 'Value'],
            rows: [
              ['Total Cruise (NM)', num(g?.totalCruise)],
              ['Average Speed (knot)', num(g?.averageSpeedKnot)],
              ['First Position', position(g?.firstPosition)],
              ['Last Position', position(g?.lastPosition)],
            ],
          },
          { kind: 'table', title: 'Main Engine', columns: ['Engine', 'Average RPM', 'Running Hours'], rows: engines },
        ],
      },
      {
        kind: 'row',
        blocks: [
          {
            kind: 'table',
            title: 'Fuel Consumption (L)',
            columns: ['Consumer', 'Litres'],
            rows: s.hasFlowmeter || aeFuel != null ? fuelRows : [['No Data', '-']],
          },
          {
            kind: 'table',
            title: 'Auxiliary Engines',
            columns: ['Engine', 'Running Hours', 'Fuel (L)'],
            rows: aeNames.length ? aeRows : [['No Data', '-', '-']],
          },
        ],
      },
    ],
  };
  if (s.hasAeFlowmeter)
    page.blocks.push({
      kind: 'table',
      title: 'Auxiliary Engine Flow Meters (L)',
      columns: ['AE_IN', 'AE_OUT'],
      rows: [[num(fm?.AE_IN), num(fm?.AE_OUT)]],
    });
  return [page];
}
