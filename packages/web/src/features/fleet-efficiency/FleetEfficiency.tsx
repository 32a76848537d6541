import { DownloadOutlined, LineChartOutlined } from '@ant-design/icons';
import type { EfficiencyRow, FleetEfficiency as FleetAnswer } from '@fleet/shared/answers/efficiency.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { useTexts } from '../../api/i18n.ts';
import { type DateRange, daysRange, periodSeconds, periodText } from '../../api/period.ts';
import { now } from '../../api/zone.ts';
import { saveCsv } from '../../components/csv.ts';
import { FilterField } from '../../components/FilterBar.tsx';
import { delta, num } from '../../components/format.ts';
import { Page } from '../../components/Page.tsx';
import { PeriodPicker } from '../../components/PeriodPicker.tsx';
import { saveXlsx, xlsxFileName } from '../../components/xlsx.ts';
import { compareNullsLast, type FigureColumn, rankText, shownColumns } from './columns.ts';
import { efficiencyCells } from './efficiency-export.ts';
import { TrendModal } from './TrendModal.tsx';
import { efficiencyTexts } from './texts.ts';
import './fleet-efficiency.css';

/** The last 30 days including today, in the company's zone (docs/domain.md §1, §22 "Last 30 Days"). */
const last30Days = (): DateRange => daysRange(now().subtract(29, 'day'), now());

/** A change is read against its figure: for L/NM and L/h a rise burns more per mile or hour. */
const INTENSITY = new Set(['change.litresPerNm', 'change.litresPerHour']);

function changeCell(c: FigureColumn, v: number | null) {
  const text = delta(v, '%', c.digits);
  if (v === null || !INTENSITY.has(c.key) || Math.abs(v) < 0.05) return text;
  return <Typography.Text type={v > 0 ? 'danger' : 'success'}>{text}</Typography.Text>;
}

/**
 * Fleet Efficiency (issue 30, docs/domain.md §38): every visible vessel's fuel, distance, engine hours, L/NM, L/h
 * and CO₂ for a period, the change against the period before and the rank within its type; sortable, downloadable
 * as Excel or CSV; a vessel's monthly trend in a window. On a phone the table scrolls sideways with the vessel fixed.
 */
export default function FleetEfficiency() {
  const t = useTexts(efficiencyTexts);
  const [range, setRange] = useState<DateRange>(last30Days);
  const [trendOf, setTrendOf] = useState<EfficiencyRow | null>(null);
  const { start, end } = periodSeconds(range);
  const answer = useQuery({
    queryKey: ['efficiency', 'fleet', start, end],
    queryFn: ({ signal }) => api.get<FleetAnswer>(`/efficiency/fleet/period/${start}/${end}`, { signal, silent: true }),
  });
  const rows = answer.data?.rows ?? [];
  const previous = answer.data
    ? periodText({ start: answer.data.previousStart * 1000, end: answer.data.previousEnd * 1000 }, 'DD-MM-YYYY')
    : null;
  const fileName = (ext: 'xlsx' | 'csv') => xlsxFileName(t('fileName'), range.start, range.end).replace(/xlsx$/, ext);

  const columns: ColumnsType<EfficiencyRow> = [
    {
      title: t('vessel'),
      key: 'vessel',
      fixed: 'left',
      width: 150,
      sorter: (a, b) => a.massName.localeCompare(b.massName),
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          className="efficiency-vessel"
          icon={<LineChartOutlined />}
          aria-label={t('trendButton', { vessel: r.massName })}
          onClick={() => setTrendOf(r)}
        >
          {r.massName}
        </Button>
      ),
    },
    {
      title: t('type'),
      key: 'type',
      sorter: (a, b) => (a.matyName ?? '').localeCompare(b.matyName ?? ''),
      render: (_, r) => r.matyName ?? '-',
    },
    {
      title: t('rank'),
      key: 'rank',
      align: 'right',
      sorter: (a, b, order) => compareNullsLast(a.rank, b.rank, order),
      render: (_, r) => rankText(r, t),
    },
    ...shownColumns(rows).map((c): ColumnsType<EfficiencyRow>[number] => ({
      title: c.title(t),
      key: c.key,
      align: 'right',
      sorter: (a, b, order) => compareNullsLast(c.value(a), c.value(b), order),
      render: (_, r) => (c.change ? changeCell(c, c.value(r)) : num(c.value(r), c.digits)),
    })),
  ];

  return (
    <Page
      title={t('fileName')}
      className="fleet-efficiency"
      extra={
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            disabled={!rows.length}
            onClick={() => void saveXlsx(efficiencyCells(rows), 'Fleet Efficiency', fileName('xlsx'))}
          >
            {t('downloadXlsx')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            disabled={!rows.length}
            onClick={() => saveCsv(efficiencyCells(rows), fileName('csv'))}
          >
            {t('downloadCsv')}
          </Button>
        </Space>
      }
    >
      <div className="efficiency-filters">
        <FilterField id="efficiency-period" label={t('period')}>
          <PeriodPicker id="efficiency-period" value={range} onChange={setRange} />
        </FilterField>
        {previous && <Typography.Text type="secondary">{t('comparedWith', { period: previous })}</Typography.Text>}
      </div>
      {answer.isError && <Alert type="error" showIcon message={t('loadFailed')} description={answer.error.message} />}
      <Typography.Paragraph type="secondary" className="efficiency-hint">
        {t('hint')}
      </Typography.Paragraph>
      <Table<EfficiencyRow>
        rowKey="massId"
        size="small"
        loading={answer.isFetching}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        sticky
        locale={{ emptyText: t('noVessels') }}
      />
      {trendOf && <TrendModal vessel={trendOf} onClose={() => setTrendOf(null)} />}
    </Page>
  );
}
