import type { BaseAnswer } from '@fleet/shared/answers/series.ts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, Table } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { api } from '../../api/client.ts';
import { useTexts } from '../../api/i18n.ts';
import { useCan } from '../../auth/permissions.ts';
import { downloadName } from '../../components/csv.ts';
import { ExportButtons } from '../../components/ExportButtons.tsx';
import { num } from '../../components/format.ts';
import { type SheetColumn, tableSheet } from '../../components/table-sheet.ts';
import { xlsxNumber } from '../../components/xlsx.ts';
import { devicesTexts } from './texts.ts';

/** Raw readings fetched per request (the base series' maximum). */
const CHUNK = 10000;
const PAGE_SIZE = 25;

type Parsed = { key: string; timestamp: number; values: Record<string, unknown> };

/**
 * The device's raw readings of the range (GET /api/series/base/period): one column per data key, 25 per page,
 * oldest first; the range is read 10 000 readings at a time ('Load more'). The download holds the readings read so far.
 */
export function DeviceLogTable({ uniqueId, start, end }: { uniqueId: string; start: number; end: number }) {
  const t = useTexts(devicesTexts);
  const canRead = useCan('master_device', 'read');
  const q = useInfiniteQuery({
    queryKey: ['telemetry', 'base', uniqueId, start, end],
    initialPageParam: start,
    queryFn: ({ pageParam, signal }) =>
      api.get<BaseAnswer>(`/series/base/period/${pageParam}/${end}`, {
        signal,
        query: { device: uniqueId, limit: CHUNK },
      }),
    getNextPageParam: (last) =>
      last.series.length === CHUNK ? last.series[last.series.length - 1].timestamp + 1 : undefined,
  });
  const rows: Parsed[] = useMemo(
    () =>
      (q.data?.pages ?? []).flatMap((p) =>
        p.series.map((r) => {
          let values: Record<string, unknown> = {};
          try {
            values = JSON.parse(r.data) as Record<string, unknown>;
          } catch {
            values = { data: r.data };
          }
          return { key: `${r.id}`, timestamp: r.timestamp, values };
        }),
      ),
    [q.data],
  );
  const keys = useMemo(() => [...new Set(rows.flatMap((r) => Object.keys(r.values)))], [rows]);
  const time = (r: Parsed) => dayjs.unix(r.timestamp).format('DD MMM YYYY HH:mm:ss');
  // one column per data key, in the table and in its download (issue 31): a number stays a number (6 decimals at most)
  const columns: (ColumnType<Parsed> & SheetColumn<Parsed>)[] = [
    { key: 'time', title: t('time'), render: (_, r) => time(r), sheet: time },
    ...keys.map((k): ColumnType<Parsed> & SheetColumn<Parsed> => ({
      key: k,
      title: k,
      align: 'right',
      render: (_: unknown, r: Parsed) => {
        const v = r.values[k];
        return v === undefined || v === null ? '—' : typeof v === 'number' ? num(v, [0, 6]) : String(v);
      },
      sheet: (r) => {
        const v = r.values[k];
        return v === undefined || v === null ? null : typeof v === 'number' ? xlsxNumber(v, 6) : String(v);
      },
    })),
  ];
  return (
    <>
      {canRead && (
        <div className="device-log-export">
          <ExportButtons
            disabled={!rows.length}
            sheet={() => tableSheet(columns, rows)}
            fileName={(ext) =>
              downloadName([uniqueId, dayjs.unix(start).format('YYYYMMDD'), dayjs.unix(end).format('YYYYMMDD')], ext)
            }
          />
        </div>
      )}
      <Table<Parsed>
        size="small"
        rowKey="key"
        loading={q.isLoading}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('noReadingsInRange') }}
        pagination={{
          pageSize: PAGE_SIZE,
          showSizeChanger: false,
          showTotal: (n) => t('readingsTotal', { total: num(n, 0) }),
        }}
        columns={columns}
      />
      {q.hasNextPage && (
        <Alert
          type="info"
          showIcon
          message={t('firstReadings', { total: num(rows.length, 0) })}
          action={
            <Button size="small" loading={q.isFetchingNextPage} onClick={() => q.fetchNextPage()}>
              {t('loadMore')}
            </Button>
          }
        />
      )}
    </>
  );
}
