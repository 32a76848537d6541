import type { BaseAnswer } from '@fleet/shared/answers/series.ts';
import { TELEMETRY_TYPES, telemetryType } from '@fleet/shared/telemetry.ts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, Table } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { useMemo } from 'react';
import { api } from '../../api/client.ts';
import { useTexts } from '../../api/i18n.ts';
import { at } from '../../api/zone.ts';
import { useCan } from '../../auth/permissions.ts';
import { ExportButtons } from '../../components/ExportButtons.tsx';
import { num } from '../../components/format.ts';
import { devicesTexts } from './texts.ts';

/** Raw readings fetched per request (the base series' maximum). */
const CHUNK = 10000;
const PAGE_SIZE = 25;

type Parsed = { key: string; timestamp: number; values: Record<string, unknown> };

/**
 * The device's raw readings of the range (GET /api/series/base/period): one column per data key, 25 per page,
 * oldest first; the range is read 10 000 readings at a time ('Load more'). The download is every reading of the range,
 * streamed by the server (issue 31; GET /api/series/base/period/{start}/{end}/export.csv|.xlsx), with the same columns.
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
  const devcType = q.data?.pages[0]?.devices[0]?.devcType;
  // the data keys that hold a value, in the type's order (the download's columns; others after them)
  const keys = useMemo(() => {
    const type = telemetryType(devcType);
    const order = (type ? TELEMETRY_TYPES[type].metrics : []).map((m) => m.key);
    const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
    return [...new Set(rows.flatMap((r) => Object.keys(r.values)))].sort((a, b) => rank(a) - rank(b));
  }, [rows, devcType]);
  // the company's clock, as the download writes it (docs/domain.md §44.1)
  const time = (r: Parsed) => at(r.timestamp * 1000).format('DD MMM YYYY HH:mm:ss');
  // one column per data key, as in the download (issue 31), which writes a number as a number (6 decimals at most)
  const columns: ColumnType<Parsed>[] = [
    { key: 'time', title: t('time'), render: (_, r) => time(r) },
    ...keys.map(
      (k): ColumnType<Parsed> => ({
        key: k,
        title: k,
        align: 'right',
        render: (_: unknown, r: Parsed) => {
          const v = r.values[k];
          return v === undefined || v === null ? '—' : typeof v === 'number' ? num(v, [0, 6]) : String(v);
        },
      }),
    ),
  ];
  return (
    <>
      {canRead && (
        <div className="device-log-export">
          <ExportButtons
            disabled={!rows.length}
            streamed={(ext) => ({
              path: `/series/base/period/${start}/${end}/export.${ext}`,
              query: { device: uniqueId },
            })}
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
