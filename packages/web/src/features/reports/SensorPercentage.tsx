import type { SensorPercentage as SensorPercentageRow } from '@fleet/shared/answers/summary.ts';
import { Collapse, Table } from 'antd';
import { PercentBar } from '../../components/PercentBar.tsx';

/**
 * The collapsible 'Sensor Percentage' panel (spec 002 §2.10, §4 — collapsed by default): per device, records
 * present ÷ records expected for the range (docs/domain.md §20), as the summary API computes them.
 */
export function SensorPercentage({ rows, loading }: { rows: SensorPercentageRow[] | undefined; loading?: boolean }) {
  return (
    <Collapse
      className="report-section"
      items={[
        {
          key: 'sensor',
          label: 'Sensor Percentage',
          children: (
            <Table<SensorPercentageRow>
              size="small"
              rowKey="devcId"
              loading={loading}
              pagination={false}
              dataSource={rows ?? []}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: 'No Data' }}
              columns={[
                { title: 'Device', dataIndex: 'devcName' },
                { title: 'Type', dataIndex: 'devcType' },
                { title: 'Label', dataIndex: 'devcLabel', render: (v) => v ?? '-' },
                { title: 'Present', dataIndex: 'present', align: 'right' },
                { title: 'Expected', dataIndex: 'expected', align: 'right' },
                {
                  title: 'Percentage',
                  dataIndex: 'percentage',
                  width: 220,
                  render: (v: number, r) => (
                    <PercentBar value={v} warnBelow={80} label={`${r.devcName} sensor percentage`} />
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
