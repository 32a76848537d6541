import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Empty, Modal, Select, Spin, Table, type TableColumnType } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAssets } from '../../api/assets.ts';
import { at } from '../../api/zone.ts';
import { kmhToKnot, num, position } from '../../components/format.ts';
import { PercentBar } from '../../components/PercentBar.tsx';
import { ReportFilterBar } from '../../components/report-filter/ReportFilterBar.tsx';
import { saveXlsx, xlsxFileName } from '../../components/xlsx.ts';
import { useFilter } from '../../stores/filter.ts';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  type Category,
  columnWidth,
  type DatalogColumn,
  defaultColumns,
} from './columns.ts';
import { loadLayout, saveLayout } from './layout-store.ts';
import { type DatalogRow, fetchDatalog, GROUPS, percentage } from './rows.ts';

type SpeedUnit = 'knot' | 'kmh';
type DistanceUnit = 'nm' | 'km';
type SortBy = 'latest' | 'oldest';

/** A cell's value in the chosen units (the table and the XLSX show the same). */
export function cellValue(
  row: DatalogRow,
  key: string,
  speed: SpeedUnit,
  distance: DistanceUnit,
): string | number | null {
  switch (key) {
    case 'dateTime':
      return at(row.timestamp * 1000).format('DD-MM-YYYY HH:mm');
    case 'coordinate':
      return row.latitude == null || row.longitude == null
        ? null
        : position({ latitude: row.latitude, longitude: row.longitude });
    case 'heading':
      return row.heading;
    case 'speed':
      return speed === 'knot' ? kmhToKnot(row.speedKmh) : row.speedKmh;
    case 'cruise':
      return row.cruiseM == null ? null : distance === 'nm' ? row.cruiseM / 1852 : row.cruiseM / 1000;
    default:
      return row[key] ?? null;
  }
}

const label = (c: DatalogColumn, speed: SpeedUnit, distance: DistanceUnit) =>
  c.key === 'speed'
    ? `Speed (${speed === 'knot' ? 'knot' : 'km/h'})`
    : c.key === 'cruise'
      ? `Cruise (${distance === 'nm' ? 'NM' : 'KM'})`
      : c.label;

/** Datalog (spec 002 §2.8, §3.3): filter bar with minute interval, sensor percentage, the sortable virtual table. */
export default function DatalogView() {
  const { range, interval, currentAsset } = useFilter();
  const assets = useAssets();
  const asset = assets.data?.find((a) => a.massId === currentAsset);
  const [speed, setSpeed] = useState<SpeedUnit>('knot');
  const [distance, setDistance] = useState<DistanceUnit>('nm');
  const [sortBy, setSortBy] = useState<SortBy>('oldest');
  const [columns, setColumns] = useState<DatalogColumn[] | null>(null);
  const [modal, setModal] = useState(false);
  const dragKey = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    loadLayout().then((c) => live && setColumns(c));
    return () => {
      live = false;
    };
  }, []);
  const update = (next: DatalogColumn[]) => {
    setColumns(next);
    void saveLayout(next);
  };

  const data = useQuery({
    queryKey: ['datalog', currentAsset, range.start, range.end, interval],
    queryFn: ({ signal }) => fetchDatalog(currentAsset as number, range, interval, signal),
    enabled: currentAsset != null,
  });

  const rows = useMemo(() => {
    const r = data.data?.rows ?? [];
    return sortBy === 'latest' ? [...r].reverse() : r;
  }, [data.data, sortBy]);

  const visible = (columns ?? defaultColumns()).filter((c) => c.visible);
  const tableColumns: TableColumnType<DatalogRow>[] = visible.map((c, i) => ({
    key: c.key,
    title: label(c, speed, distance),
    width: columnWidth(c, label(c, speed, distance)),
    fixed: i === 0 ? 'left' : undefined,
    sorter:
      c.key === 'dateTime'
        ? (a, b) => a.timestamp - b.timestamp
        : c.key === 'coordinate'
          ? undefined
          : (a, b) =>
              Number(cellValue(a, c.key, speed, distance) ?? -Infinity) -
              Number(cellValue(b, c.key, speed, distance) ?? -Infinity),
    render: (_: unknown, row: DatalogRow) => {
      const v = cellValue(row, c.key, speed, distance);
      return typeof v === 'number' ? num(v) : (v ?? '-');
    },
    onHeaderCell: () =>
      (i === 0
        ? {}
        : {
            draggable: true,
            'data-column': c.key,
            onDragStart: () => {
              dragKey.current = c.key;
            },
            onDragOver: (e: React.DragEvent) => e.preventDefault(),
            onDrop: (e: React.DragEvent) => {
              e.preventDefault();
              const from = dragKey.current;
              dragKey.current = null;
              if (!from || from === c.key || !columns) return;
              const next = columns.filter((x) => x.key !== from);
              const moved = columns.find((x) => x.key === from);
              const at = next.findIndex((x) => x.key === c.key);
              if (!moved || at < 1) return;
              next.splice(at, 0, moved);
              update(next);
            },
          }) as React.HTMLAttributes<HTMLElement>,
  }));

  const downloadXlsx = async () => {
    if (!data.data || !asset) return;
    const header = visible.map((c) => label(c, speed, distance));
    const body = rows.map((r) =>
      visible.map((c) => {
        const v = cellValue(r, c.key, speed, distance);
        return typeof v === 'number' ? Math.round(v * 100) / 100 : v;
      }),
    );
    await saveXlsx([header, ...body], 'Data', xlsxFileName(asset.massName, range.start, range.end));
  };

  const d = data.data;
  return (
    <div>
      <ReportFilterBar minute onDownloadXlsx={downloadXlsx} />
      <Card size="small" title="Sensor Percentage" className="report-section" data-testid="datalog-sensor">
        {d ? (
          <div className="report-grid">
            {GROUPS.map((g) => (
              <div key={g}>
                <div>{g.toUpperCase()}</div>
                <PercentBar
                  value={percentage(d.present[g], d.expected)}
                  label={`${g.toUpperCase()} sensor percentage`}
                />
              </div>
            ))}
          </div>
        ) : (
          '-'
        )}
      </Card>
      <Card size="small">
        <div className="report-filter" style={{ padding: 0 }}>
          <div className="report-filter-field">
            <span>Speed Unit</span>
            <Select
              aria-label="Speed Unit"
              value={speed}
              onChange={setSpeed}
              options={[
                { value: 'knot', label: 'Knot' },
                { value: 'kmh', label: 'Km/h' },
              ]}
            />
          </div>
          <div className="report-filter-field">
            <span>Distance Unit</span>
            <Select
              aria-label="Distance Unit"
              value={distance}
              onChange={setDistance}
              options={[
                { value: 'nm', label: 'NM' },
                { value: 'km', label: 'KM' },
              ]}
            />
          </div>
          <div className="report-filter-field">
            <span>Sort Data By</span>
            <Select
              aria-label="Sort Data By"
              value={sortBy}
              onChange={setSortBy}
              options={[
                { value: 'latest', label: 'Latest' },
                { value: 'oldest', label: 'Oldest' },
              ]}
            />
          </div>
          <div className="report-filter-actions">
            <Button onClick={() => setModal(true)}>Filter Column</Button>
            <Button onClick={() => update(defaultColumns())}>Load Default Column</Button>
          </div>
        </div>
        {data.isLoading || !columns ? (
          <div className="report-empty">
            <Spin />
          </div>
        ) : !rows.length ? (
          <Empty description="No Data" />
        ) : (
          <Table<DatalogRow>
            className="datalog-table"
            virtual
            size="small"
            rowKey="timestamp"
            dataSource={rows}
            columns={tableColumns}
            pagination={false}
            scroll={{ x: tableColumns.reduce((s, c) => s + Number(c.width), 0), y: 560 }}
          />
        )}
        {d && <div className="datalog-count">{rows.length} rows</div>}
      </Card>
      {columns && <ColumnModal open={modal} columns={columns} onChange={update} onClose={() => setModal(false)} />}
    </div>
  );
}

/** 'Show/Hide Datalog Column' (spec 002 §2.8): Show All, Hide All, per-category Select All, per-column checkboxes. */
function ColumnModal({
  open,
  columns,
  onChange,
  onClose,
}: {
  open: boolean;
  columns: DatalogColumn[];
  onChange: (c: DatalogColumn[]) => void;
  onClose: () => void;
}) {
  const set = (keys: (k: string) => boolean, visible: boolean) =>
    onChange(columns.map((c) => (c.key !== 'dateTime' && keys(c.key) ? { ...c, visible } : c)));
  const isVisible = (k: string) => columns.find((c) => c.key === k)?.visible ?? false;
  return (
    <Modal
      open={open}
      title="Show/Hide Datalog Column"
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
      keyboard={false}
      maskClosable={false}
      width={720}
    >
      <div className="report-filter-actions" style={{ marginBottom: 12 }}>
        <Button onClick={() => set(() => true, true)}>Show All</Button>
        <Button onClick={() => set(() => true, false)}>Hide All</Button>
      </div>
      <div className="report-grid">
        {(Object.keys(CATEGORIES) as Category[]).map((cat) => {
          const keys = CATEGORIES[cat].map((c) => c.key);
          const all = keys.every(isVisible);
          return (
            <fieldset key={cat} className="datalog-category">
              <legend>{CATEGORY_LABELS[cat]}</legend>
              <Checkbox
                checked={all}
                indeterminate={!all && keys.some(isVisible)}
                onChange={(e) => set((k) => keys.includes(k), e.target.checked)}
              >
                Select All
              </Checkbox>
              {CATEGORIES[cat].map((c) => (
                <div key={c.key}>
                  <Checkbox checked={isVisible(c.key)} onChange={(e) => set((k) => k === c.key, e.target.checked)}>
                    {c.label}
                  </Checkbox>
                </div>
              ))}
            </fieldset>
          );
        })}
      </div>
    </Modal>
  );
}
