import { Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTexts } from '../../api/i18n.ts';
import { num } from '../../components/format.ts';
import type { Column } from './columns.ts';
import { emissionsTexts } from './texts.ts';

/** A phone shows the figures without the fuel type's column (it is in the downloads). */
export const onScreen = <T,>(columns: Column<T>[], narrow: boolean) =>
  narrow ? columns.filter((c) => c.key !== 'fuelType') : columns;

/** A table column from a column of the download: numbers in the language's marks, '-' where there is none. */
export function tableColumn<T>(c: Column<T>, title: string): ColumnsType<T>[number] {
  return {
    key: c.key,
    // the vessel stays in view while the figures scroll sideways
    fixed: c.key === 'vessel' ? 'left' : undefined,
    // a narrow header wraps at its words ("AER" over "(g CO₂/t·NM)"): the year's 13 columns fit a laptop's width
    title: <span className="emissions-head">{title}</span>,
    align: c.digits === undefined ? 'left' : 'right',
    className: c.digits === undefined ? undefined : 'emissions-number',
    render: (_: unknown, row: T) => {
      const v = c.value(row);
      return typeof v === 'number' ? num(v, c.digits) : <span className="emissions-text">{v ?? '-'}</span>;
    },
  };
}

/** The screen's tables: one row per vessel, every row at once, scrolling sideways where the screen is narrow. */
export function EmissionsTable<T extends { massId: number }>({
  columns,
  rows,
  className,
  summary,
}: {
  columns: ColumnsType<T>;
  rows: T[];
  className?: string;
  summary?: () => ReactNode;
}) {
  const t = useTexts(emissionsTexts);
  return (
    <Table<T>
      className={className ? `emissions-table ${className}` : 'emissions-table'}
      size="small"
      rowKey="massId"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={t('noVessels')} /> }}
      summary={summary}
    />
  );
}
