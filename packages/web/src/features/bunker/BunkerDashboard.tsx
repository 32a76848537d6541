import { DownloadOutlined } from '@ant-design/icons';
import type { BunkerDashboardAnswer } from '@fleet/shared/bunker.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Select, Space, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { useAssets } from '../../api/assets.ts';
import { api } from '../../api/client.ts';
import { useTexts } from '../../api/i18n.ts';
import { periodSeconds, periodText } from '../../api/period.ts';
import { EChart } from '../../components/charts/EChart.tsx';
import { PHONE_MAX_WIDTH } from '../../components/charts/rules.ts';
import { useWindowWidth } from '../../components/charts/useWidth.ts';
import { saveCsv } from '../../components/csv.ts';
import { FigureCard } from '../../components/FigureCard.tsx';
import { formatDateTime, num, qty } from '../../components/format.ts';
import { Page } from '../../components/Page.tsx';
import { ReportFilterBar } from '../../components/report-filter/ReportFilterBar.tsx';
import { saveXlsx } from '../../components/xlsx.ts';
import { useFilter } from '../../stores/filter.ts';
import { combinedChartOption } from './bunker-chart.ts';
import { bunkerRows } from './bunker-xlsx.ts';
import { BUNKER_LAYOUT_ID, loadLayout, saveLayout } from './column-layout.ts';
import { bunkerTexts } from './texts.ts';
import './bunker.css';

type DashboardData = BunkerDashboardAnswer;
type DashboardRow = DashboardData['rows'][number];

type Basis = 'mass' | 'volume';
type UnitChoice = 'mt' | 'kg' | 'kl' | 'l';
const COLUMNS = [
  'datetime',
  'mass_flowrate',
  'volume_flowrate',
  'mass_total',
  'volume_total',
  'density',
  'temperature',
];
const PAGE_SIZE = 500; // spec 002 §9
const SPARK_POINTS = 60;
/** Figures of the dashboard: 2 to 3 decimals; the unit choice as written next to a value. */
const DIGITS = [2, 3] as const;
const UNIT_TEXT: Record<UnitChoice, string> = { mt: 'mt', kg: 'kg', kl: 'KL', l: 'L' };

function sparkOption(values: (number | null)[], range?: [number, number]) {
  return {
    grid: { left: 0, right: 0, top: 4, bottom: 4 },
    xAxis: { type: 'category', show: false, data: values.map((_, i) => i) },
    yAxis: { type: 'value', show: false, scale: !range, min: range?.[0], max: range?.[1] },
    series: [{ type: 'line', data: values, showSymbol: false, smooth: true, areaStyle: { opacity: 0.15 } }],
  };
}

/**
 * Bunker Dashboard (spec 002 §2.14): the selected vessel's BUNKER_IN meter over the range — Bunker Summary with
 * four sparklines and a combined chart, and the Datalog (reorderable columns kept in IndexedDB record 2, 500 rows
 * a page, Download Excel). Totals as docs/domain.md §24.6.
 */
export default function BunkerDashboard() {
  const t = useTexts(bunkerTexts);
  const assets = useAssets({ silent: true });
  // the shared filter bar (spec 002 §2.11) chooses vessel and range, defaults to the first vessel, keeps them in the URL
  const { range, currentAsset } = useFilter();
  const [basis, setBasis] = useState<Basis>('volume');
  const [unit, setUnit] = useState<UnitChoice>('kl');
  const [order, setOrder] = useState<string[]>(COLUMNS);
  const [dragged, setDragged] = useState<string | null>(null);

  useEffect(() => {
    void loadLayout(BUNKER_LAYOUT_ID, COLUMNS).then(setOrder);
  }, []);

  const { start, end } = periodSeconds(range);
  const data = useQuery({
    queryKey: ['bunker', 'dashboard', currentAsset, start, end],
    enabled: currentAsset !== null,
    queryFn: ({ signal }) =>
      api.get<DashboardData>(`/bunker/dashboard/${currentAsset}/period/${start}/${end}`, { signal, silent: true }),
  });
  const d = data.data;
  const asset = assets.data?.find((a) => a.massId === currentAsset);
  const factor = unit === 'kl' || unit === 'mt' ? 1 / 1000 : 1;
  const scaled = (v: number | null) => (v === null ? null : v * factor);
  const rows = d?.rows ?? [];
  const flow = rows.map((r) => scaled(basis === 'mass' ? r.mass_flowrate : r.volume_flowrate));
  const totals = rows.map((r) => scaled(basis === 'mass' ? r.mass_total : r.volume_total));
  const density = rows.map((r) => (r.density === null ? null : r.density / 1000));
  const temperature = rows.map((r) => r.temperature);
  const total = basis === 'mass' ? d?.summary.totalMass : d?.summary.totalVolume;

  const narrow = useWindowWidth() <= PHONE_MAX_WIDTH;
  const combined = useMemo(() => {
    const at = (values: (number | null)[]) =>
      rows.map((r, i): [number, number | null] => [r.timestamp * 1000, values[i]]);
    return combinedChartOption(
      [
        { name: t('seriesFlowrate', { unit: UNIT_TEXT[unit] }), unit: `${UNIT_TEXT[unit]}/h`, points: at(flow) },
        { name: t('seriesTotal', { unit: UNIT_TEXT[unit] }), unit: UNIT_TEXT[unit], points: at(totals) },
        { name: t('seriesDensity'), unit: 'g/cm³', points: at(density) },
        { name: t('seriesTemperature'), unit: '°C', points: at(temperature) },
      ],
      narrow,
    );
  }, [rows, flow, totals, density, temperature, unit, t, narrow]);

  const labels: Record<string, string> = {
    datetime: t('colDatetime'),
    mass_flowrate: t('colMassFlowrate'),
    volume_flowrate: t('colVolumeFlowrate'),
    mass_total: t('colMassTotal'),
    volume_total: t('colVolumeTotal'),
    density: t('colDensity'),
    temperature: t('colTemperature'),
  };
  const moveColumn = (from: string, to: string) => {
    if (from === to || from === 'datetime' || to === 'datetime') return;
    const next = order.filter((k) => k !== from);
    next.splice(next.indexOf(to), 0, from);
    setOrder(next);
    void saveLayout(BUNKER_LAYOUT_ID, next);
  };
  const columns: ColumnsType<DashboardRow> = order.map((key) => ({
    title: labels[key],
    dataIndex: key,
    key,
    fixed: key === 'datetime' ? 'left' : undefined,
    align: key === 'datetime' ? 'left' : 'right',
    render: (v: unknown) =>
      key === 'datetime' ? formatDateTime(v as string, 'DD-MM-YYYY HH:mm:ss') : num(v as number | null, DIGITS),
    onHeaderCell: () =>
      ({
        draggable: key !== 'datetime',
        onDragStart: () => setDragged(key),
        onDragOver: (e: React.DragEvent) => e.preventDefault(),
        onDrop: () => dragged && moveColumn(dragged, key),
        style: { cursor: key === 'datetime' ? undefined : 'move' },
      }) as React.HTMLAttributes<HTMLElement>,
  }));

  const fileBase = `${asset?.massName ?? 'vessel'}_bunker_${periodText(range, 'YYYYMMDD', '_')}`;
  const download = () => saveXlsx(bunkerRows(order, labels, rows), 'Data', `${fileBase}.xlsx`);

  const spark = (title: string, value: string, values: (number | null)[], testId: string, axis?: [number, number]) => (
    <FigureCard
      label={title}
      testId={testId}
      after={<EChart option={sparkOption(values.slice(-SPARK_POINTS), axis)} height={60} />}
    >
      {value}
    </FigureCard>
  );

  return (
    <Page title={t('dashboardTitle')}>
      <ReportFilterBar interval={false} />
      {data.isLoading ? (
        <Spin />
      ) : !d ? (
        <Empty description={t('noData')} />
      ) : d.deviceId === null ? (
        <Alert
          type="info"
          showIcon
          message={asset ? t('noMeter', { vessel: asset.massName }) : t('noMeterThisVessel')}
        />
      ) : (
        <>
          <Card
            title={t('bunkerSummary')}
            size="small"
            extra={
              <Space wrap>
                <span>{t('bunkerUnit')}</span>
                <Select
                  aria-label={t('bunkerUnit')}
                  value={basis}
                  style={{ width: 110 }}
                  options={[
                    { value: 'volume', label: t('volume') },
                    { value: 'mass', label: t('mass') },
                  ]}
                  onChange={(b) => {
                    setBasis(b);
                    setUnit(b === 'mass' ? 'mt' : 'kl');
                  }}
                />
                <span>{basis === 'mass' ? t('massUnit') : t('volumeUnit')}</span>
                <Select
                  aria-label={basis === 'mass' ? t('massUnit') : t('volumeUnit')}
                  value={unit}
                  style={{ width: 80 }}
                  options={(basis === 'mass' ? ['mt', 'kg'] : ['kl', 'l']).map((u) => ({ value: u, label: u }))}
                  onChange={setUnit}
                />
              </Space>
            }
          >
            <Typography.Text type="secondary">
              {t('lastUpdate', { time: formatDateTime(d.lastUpdate, 'DD MMMM YYYY HH:mm') })}
            </Typography.Text>
            {d.truncated && <Alert type="warning" showIcon style={{ marginTop: 8 }} message={t('truncated')} />}
            <div className="bunker-spark-cards">
              {spark(t('totalBunker'), qty(scaled(total ?? null), UNIT_TEXT[unit], DIGITS), totals, 'spark-total')}
              {spark(
                t('flowrate'),
                qty(
                  scaled(basis === 'mass' ? d.summary.averageMassFlowrate : d.summary.averageFlowrate),
                  `${UNIT_TEXT[unit]}/h`,
                  DIGITS,
                ),
                flow,
                'spark-flow',
              )}
              {spark(
                t('density'),
                qty(d.summary.averageDens === null ? null : d.summary.averageDens / 1000, 'g/cm³', [2, 4]),
                density,
                'spark-density',
              )}
              {spark(t('temperature'), qty(d.summary.averageTemp, '°C', 1), temperature, 'spark-temp', [0, 50])}
            </div>
            {basis === 'volume' && d.summary.totalVolume15 !== null && (
              <Typography.Paragraph type="secondary">
                {t(d.summary.resets > 0 ? 'total15Resets' : 'total15', {
                  total: qty((d.summary.totalVolume15 ?? 0) * factor, UNIT_TEXT[unit], DIGITS),
                  resets: d.summary.resets,
                })}
              </Typography.Paragraph>
            )}
            {rows.length ? (
              <EChart option={combined} height={600} data-testid="bunker-chart" aria-label={t('chartLabel')} />
            ) : (
              <Empty description={t('noData')} />
            )}
          </Card>
          <Card
            title={t('datalog')}
            size="small"
            style={{ marginTop: 16 }}
            extra={
              <Space>
                <Button icon={<DownloadOutlined />} onClick={() => void download()} disabled={!rows.length}>
                  {t('downloadExcel')}
                </Button>
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => saveCsv(bunkerRows(order, labels, rows), `${fileBase}.csv`)}
                  disabled={!rows.length}
                >
                  {t('downloadCsv')}
                </Button>
              </Space>
            }
          >
            <Table<DashboardRow>
              rowKey="timestamp"
              size="small"
              dataSource={rows}
              columns={columns}
              scroll={{ x: 'max-content' }}
              pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
            />
          </Card>
        </>
      )}
    </Page>
  );
}
