import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Empty, Modal, Select, Spin, Table, type TableColumnType } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAssets } from '../../api/assets.ts';
import { useTexts } from '../../api/i18n.ts';
import { at } from '../../api/zone.ts';
import { csvFileName, saveCsv } from '../../components/csv.ts';
import { kmhToKnot, num, position } from '../../components/format.ts';
import { PercentBar } from '../../components/PercentBar.tsx';
import { ReportFilterBar } from '../../components/report-filter/ReportFilterBar.tsx';
import { saveXlsx, xlsxFileName } from '../../components/xlsx.ts';
import { useFilter } from '../../stores/filter.ts';
import { CATEGORIES, type Category, columnWidth, type DatalogColumn, defaultColumns } from './columns.ts';
import { loadLayout, saveLayout } from './layout-store.ts';
import { type DatalogRow, fetchDatalog, GROUPS, type Group, percentage } from './rows.ts';
import { datalogTexts } from './texts.ts';

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

type DatalogText = keyof typeof datalogTexts.en;
type T = ReturnType<typeof useTexts<typeof datalogTexts.en>>;

/** A column's header: the text of its key (the English one is its `label`). */
export const columnText = (t: T, c: Pick<DatalogColumn, 'key' | 'label'>) =>
  c.key in datalogTexts.en ? t(c.key as DatalogText) : c.label;

const CATEGORY_TEXT = {
  gps: 'categoryGps',
  port: 'categoryPort',
  starboard: 'categoryStarboard',
  ae: 'categoryAe',
} as const satisfies Record<Category, DatalogText>;
const GROUP_TEXT = {
  gps: 'groupGps',
  rpm: 'groupRpm',
  flowmeter: 'groupFlowmeter',
  ae: 'groupAe',
  temperature: 'groupTemperature',
} as const satisfies Record<Group, DatalogText>;

const label = (t: T, c: DatalogColumn, speed: SpeedUnit, distance: DistanceUnit) =>
  c.key === 'speed'
    ? t('speedIn', { unit: speed === 'knot' ? 'knot' : 'km/h' })
    : c.key === 'cruise'
      ? t('cruiseIn', { unit: distance === 'nm' ? 'NM' : 'KM' })
      : columnText(t, c);

/** Datalog (spec 002 §2.8, §3.3): filter bar with minute interval, sensor percentage, the sortable virtual table. */
export default function DatalogView() {
  const t = useTexts(datalogTexts);
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
    title: label(t, c, speed, distance),
    width: columnWidth(c, label(t, c, speed, distance)),
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

  /** the table as a sheet: the columns shown, in their order (the XLSX and the CSV write the same rows) */
  const sheetRows = () => {
    const header = visible.map((c) => label(t, c, speed, distance));
    const body = rows.map((r) =>
      visible.map((c) => {
        const v = cellValue(r, c.key, speed, distance);
        return typeof v === 'number' ? Math.round(v * 100) / 100 : v;
      }),
    );
    return [header, ...body];
  };
  const fileName = () => (asset ? xlsxFileName(asset.massName, range.start, range.end) : '');
  const downloadXlsx = async () => {
    if (!data.data || !asset) return;
    await saveXlsx(sheetRows(), 'Data', fileName());
  };
  const downloadCsv = () => {
    if (!data.data || !asset) return;
    saveCsv(sheetRows(), csvFileName(fileName()));
  };

  const d = data.data;
  return (
    <div>
      <ReportFilterBar minute onDownloadXlsx={downloadXlsx} onDownloadCsv={downloadCsv} />
      <Card size="small" title={t('sensorPercentage')} className="report-section" data-testid="datalog-sensor">
        {d ? (
          <div className="report-grid">
            {GROUPS.map((g) => (
              <div key={g}>
                <div>{t(GROUP_TEXT[g])}</div>
                <PercentBar
                  value={percentage(d.present[g], d.expected)}
                  label={t('sensorPercentageOf', { group: t(GROUP_TEXT[g]) })}
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
            <span>{t('speedUnit')}</span>
            <Select
              aria-label={t('speedUnit')}
              value={speed}
              onChange={setSpeed}
              options={[
                { value: 'knot', label: t('knot') },
                { value: 'kmh', label: 'Km/h' },
              ]}
            />
          </div>
          <div className="report-filter-field">
            <span>{t('distanceUnit')}</span>
            <Select
              aria-label={t('distanceUnit')}
              value={distance}
              onChange={setDistance}
              options={[
                { value: 'nm', label: 'NM' },
                { value: 'km', label: 'KM' },
              ]}
            />
          </div>
          <div className="report-filter-field">
            <span>{t('sortDataBy')}</span>
            <Select
              aria-label={t('sortDataBy')}
              value={sortBy}
              onChange={setSortBy}
              options={[
                { value: 'latest', label: t('latest') },
                { value: 'oldest', label: t('oldest') },
              ]}
            />
          </div>
          <div className="report-filter-actions">
            <Button onClick={() => setModal(true)}>{t('filterColumn')}</Button>
            <Button onClick={() => update(defaultColumns())}>{t('loadDefaultColumn')}</Button>
          </div>
        </div>
        {data.isLoading || !columns ? (
          <div className="report-empty">
            <Spin />
          </div>
        ) : !rows.length ? (
          <Empty description={t('noData')} />
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
        {d && <div className="datalog-count">{t('rowCount', { count: rows.length })}</div>}
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
  const t = useTexts(datalogTexts);
  const set = (keys: (k: string) => boolean, visible: boolean) =>
    onChange(columns.map((c) => (c.key !== 'dateTime' && keys(c.key) ? { ...c, visible } : c)));
  const isVisible = (k: string) => columns.find((c) => c.key === k)?.visible ?? false;
  return (
    <Modal
      open={open}
      title={t('showHideColumns')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      keyboard={false}
      maskClosable={false}
      width={720}
    >
      <div className="report-filter-actions" style={{ marginBottom: 12 }}>
        <Button onClick={() => set(() => true, true)}>{t('showAll')}</Button>
        <Button onClick={() => set(() => true, false)}>{t('hideAll')}</Button>
      </div>
      <div className="report-grid">
        {(Object.keys(CATEGORIES) as Category[]).map((cat) => {
          const keys = CATEGORIES[cat].map((c) => c.key);
          const all = keys.every(isVisible);
          return (
            <fieldset key={cat} className="datalog-category">
              <legend>{t(CATEGORY_TEXT[cat])}</legend>
              <Checkbox
                checked={all}
                indeterminate={!all && keys.some(isVisible)}
                onChange={(e) => set((k) => keys.includes(k), e.target.checked)}
              >
                {t('selectAll')}
              </Checkbox>
              {CATEGORIES[cat].map((c) => (
                <div key={c.key}>
                  <Checkbox checked={isVisible(c.key)} onChange={(e) => set((k) => k === c.key, e.target.checked)}>
                    {columnText(t, c)}
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
