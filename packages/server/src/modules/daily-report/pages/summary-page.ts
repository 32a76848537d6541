import type { DraftPage } from '../draft.ts';
import { num3, position } from '../format.ts';
import type { PageContext, Side } from './context.ts';

/** The Summary page (docs/domain.md §31): GPS, main engine, fuel and CO₂, auxiliary engines — period figures. */
export function summaryPages(c: PageContext): DraftPage[] {
  const { s, aeNames, aeFuel, t, num, language } = c;
  const g = s.gps?.summary;
  const fm = s.flowmeter?.summary;
  const ae = s.ae;
  const sideRow = (label: string, side: Side) => {
    const r = s.rpm?.summary[side];
    return [label, num(r?.average), num(r?.runningHours)];
  };
  const engines = s.singleEngine
    ? [sideRow(t('mainEngine'), c.side1)]
    : [sideRow(t('port'), 'PORT'), sideRow(t('starboard'), 'STARBOARD')];
  const fuelRows: string[][] = s.singleEngine
    ? [[t('mainEngine'), num(fm?.meEngineCons)]]
    : [
        [t('portMe'), num(fm?.portEngineCons)],
        [t('starboardMe'), num(fm?.starboardEngineCons)],
        [t('meTotal'), num(fm?.meEngineCons)],
      ];
  fuelRows.push(
    [t(ae?.metered ? 'auxiliaryEngines' : 'auxiliaryEnginesEstimated'), num(aeFuel)],
    [t('totalFuel'), num(fm?.totalFuelCons ?? aeFuel)],
    [t('co2Emitted'), num3(fm?.co2Emitted, language)],
  );
  const aeRows = aeNames.map((n) => [n, num(ae?.[n]?.runningTime), num(ae?.[n]?.fuelConsumption)]);
  aeRows.push([t('total'), num(aeNames.reduce((a, n) => a + (ae?.[n]?.runningTime ?? 0), 0)), num(aeFuel)]);
  const page: DraftPage = {
    key: 'summary',
    title: t('summary'),
    blocks: [
      {
        kind: 'row',
        blocks: [
          {
            kind: 'table',
            title: t('gps'),
            columns: [t('item'), t('value')],
            rows: [
              [t('totalCruise'), num(g?.totalCruise)],
              [t('averageSpeed'), num(g?.averageSpeedKnot)],
              [t('firstPosition'), position(g?.firstPosition)],
              [t('lastPosition'), position(g?.lastPosition)],
            ],
          },
          {
            kind: 'table',
            title: t('mainEngine'),
            columns: [t('engine'), t('averageRpm'), t('runningHours')],
            rows: engines,
          },
        ],
      },
      {
        kind: 'row',
        blocks: [
          {
            kind: 'table',
            title: t('fuelConsumptionL'),
            columns: [t('consumer'), t('litres')],
            rows: s.hasFlowmeter || aeFuel != null ? fuelRows : [[t('noData'), '-']],
          },
          {
            kind: 'table',
            title: t('auxiliaryEngines'),
            columns: [t('engine'), t('runningHours'), t('fuelL')],
            rows: aeNames.length ? aeRows : [[t('noData'), '-', '-']],
          },
        ],
      },
    ],
  };
  if (s.hasAeFlowmeter)
    page.blocks.push({
      kind: 'table',
      title: t('aeFlowMeters'),
      columns: ['AE_IN', 'AE_OUT'],
      rows: [[num(fm?.AE_IN), num(fm?.AE_OUT)]],
    });
  return [page];
}
