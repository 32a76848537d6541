import type { SensorPercentage as SensorPercentageRow } from '@fleet/shared/answers/summary.ts';
import { Collapse, Table } from 'antd';
import { useTexts } from '../../api/i18n.ts';
import { PercentBar } from '../../components/PercentBar.tsx';
import { reportsTexts } from './texts.ts';

/**
 * The collapsible 'Sensor Percentage' panel (spec 002 §2.10, §4 — collapsed by default): per device, records
 * present ÷ records expected for the range (docs/domain.md §20), as the summary API computes them.
 */
export function SensorPercentage({ rows, loading }: { rows: SensorPercentageRow[] | undefined; loading?: boolean }) {
  const t = useTexts(reportsTexts);
  return (
    <Collapse
      className="report-section"
      items={[
        {
          key: 'sensor',
          label: t('sensorPercentage'),
          children: (
            <Table<SensorPercentageRow>
              size="small"
              rowKey="devcId"
              loading={loading}
              pagination={false}
              dataSource={rows ?? []}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('noData') }}
              columns={[
                { title: t('device'), dataIndex: 'devcName' },
                { title: t('type'), dataIndex: 'devcType' },
                { title: t('label'), dataIndex: 'devcLabel', render: (v) => v ?? '-' },
                { title: t('present'), dataIndex: 'present', align: 'right' },
                { title: t('expected'), dataIndex: 'expected', align: 'right' },
                {
                  title: t('percentage'),
                  dataIndex: 'percentage',
                  width: 220,
                  render: (v: number, r) => (
                    <PercentBar value={v} warnBelow={80} label={t('sensorPercentageOf', { device: r.devcName })} />
                  ),
                },
              ]}
            />
          ),
        },
      ]}
    />
  );
}
