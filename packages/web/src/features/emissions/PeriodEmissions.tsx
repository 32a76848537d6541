import type { EmissionsPeriod, EmissionsVessel } from '@fleet/shared/answers/emissions.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Space, Spin, Table } from 'antd';
import { useMemo, useState } from 'react';
import { api } from '../../api/client.ts';
import { useTexts } from '../../api/i18n.ts';
import { type DateRange, periodSeconds, periodText } from '../../api/period.ts';
import { EChart } from '../../components/charts/EChart.tsx';
import { PHONE_MAX_WIDTH } from '../../components/charts/rules.ts';
import { useWindowWidth } from '../../components/charts/useWidth.ts';
import { saveCsv } from '../../components/csv.ts';
import { FigureCard } from '../../components/FigureCard.tsx';
import { num } from '../../components/format.ts';
import { PeriodPicker } from '../../components/PeriodPicker.tsx';
import { saveXlsx } from '../../components/xlsx.ts';
import { rangeOf } from '../../stores/filter.ts';
import { PERIOD_COLUMNS, periodRows } from './columns.ts';
import { EmissionsTable, onScreen, tableColumn } from './EmissionsTable.tsx';
import { chartHeight, co2ChartOption } from './emissions-chart.ts';
import { emissionsTexts } from './texts.ts';

/** CO₂ and fuel of a period per vessel and for the fleet (docs/domain.md §39.1): figures, bars, table, downloads. */
export function PeriodEmissions() {
  const t = useTexts(emissionsTexts);
  const narrow = useWindowWidth() <= PHONE_MAX_WIDTH;
  const [range, setRange] = useState<DateRange>(() => rangeOf('thisMonth'));
  const [applied, setApplied] = useState<DateRange>(range);
  const { start, end } = periodSeconds(applied);
  const q = useQuery({
    queryKey: ['emissions', 'period', start, end],
    queryFn: ({ signal }) => api.get<EmissionsPeriod>(`/emissions/fleet/period/${start}/${end}`, { signal }),
  });
  const d = q.data;
  const chart = useMemo(() => (d ? co2ChartOption(d.vessels, narrow) : null), [d, narrow]);
  const columns = onScreen(PERIOD_COLUMNS, narrow).map((c) => tableColumn(c, t(c.key)));
  const lead = narrow ? 1 : 2;
  const fileName = `${t('fileEmissions')}_${periodText(applied, 'DD-MM-YYYY', '_')}`;

  return (
    <div>
      <div className="emissions-filter">
        <PeriodPicker value={range} onChange={setRange} aria-label={t('period')} />
        <Button type="primary" onClick={() => setApplied(range)}>
          {t('apply')}
        </Button>
        <Space wrap>
          <Button disabled={!d} onClick={() => d && void saveXlsx(periodRows(d), 'Data', `${fileName}.xlsx`)}>
            {t('downloadXlsx')}
          </Button>
          <Button disabled={!d} onClick={() => d && saveCsv(periodRows(d), `${fileName}.csv`)}>
            {t('downloadCsv')}
          </Button>
        </Space>
      </div>
      {q.isLoading && <Spin description={t('loading')} />}
      {q.isError && <Alert type="error" showIcon title={t('loadFailed')} />}
      {d && (
        <>
          <div className="emissions-figures">
            <FigureCard label={t('fleetCo2')} testId="fleet-co2">
              {num(d.fleet.co2Tonnes, 3)}
            </FigureCard>
            <FigureCard label={t('fuelTonnes')}>{num(d.fleet.fuelTonnes, 3)}</FigureCard>
            <FigureCard label={t('fuelLitres')}>{num(d.fleet.fuelLitres, 0)}</FigureCard>
            <FigureCard label={t('distance')}>{num(d.fleet.distanceNm, 1)}</FigureCard>
          </div>
          {d.fleet.vesselsWithoutCo2 > 0 && (
            <p className="emissions-note">
              {t('withoutCo2', { count: d.fleet.vesselsWithoutCo2, total: d.vessels.length })}
            </p>
          )}
          {chart && chart.bars > 0 && (
            <div className="emissions-chart">
              <h3>{t('chartTitle')}</h3>
              <EChart option={chart.option} height={chartHeight(chart.bars)} aria-label={t('chartTitle')} />
            </div>
          )}
          <EmissionsTable<EmissionsVessel>
            columns={columns}
            rows={d.vessels}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={lead}>
                  <strong>{t('fleet')}</strong>
                </Table.Summary.Cell>
                {[d.fleet.fuelLitres, d.fleet.fuelTonnes, d.fleet.co2Tonnes, d.fleet.distanceNm].map((v, i) => (
                  <Table.Summary.Cell key={PERIOD_COLUMNS[i + 2].key} index={lead + i} align="right">
                    <strong>{num(v, PERIOD_COLUMNS[i + 2].digits)}</strong>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            )}
          />
        </>
      )}
    </div>
  );
}
