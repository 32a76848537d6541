import { CloseOutlined } from '@ant-design/icons';
import type { CombinedBucket, Summary } from '@fleet/shared/answers/summary.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Modal, Segmented, Select, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTexts } from '../../api/i18n.ts';
import { combinedBuckets, fetchCombined } from '../../api/summary.ts';
import { at } from '../../api/zone.ts';
import { csvFileName, saveCsv } from '../../components/csv.ts';
import { latLng, num } from '../../components/format.ts';
import { type Cell, saveXlsx, xlsxFileName, xlsxNumber } from '../../components/xlsx.ts';
import { voyageTexts } from './texts.ts';
import { VoyageCharts } from './VoyageCharts.tsx';

const KNOTS_PER_KMH = 0.539957;

/** A datalog record: one bucket of the combined data (docs/api.md "combined"), the Datalog screen's source too. */
export interface VoyageRecord {
  timestamp: number;
  b: CombinedBucket;
}

type VoyageText = keyof typeof voyageTexts.en;

/**
 * A datalog column (spec 002 §3.3): key (its label's text key too), group, and a record's figure — a number shown
 * with `digits` decimals (and written to the sheet as a number), or a text (`text`: the coordinates).
 */
interface Col {
  key: VoyageText;
  group: 'gps' | 'port' | 'starboard' | 'ae1' | 'ae2' | 'ae3';
  value: (r: CombinedBucket, u: Units) => number | null | undefined;
  digits?: number;
  text?: (r: CombinedBucket) => string;
}

/** A column's cell as the table shows it. */
const shownValue = (c: Col, r: CombinedBucket, u: Units) => (c.text ? c.text(r) : num(c.value(r, u), c.digits ?? 2));
export interface Units {
  speed: 'knot' | 'kmh';
  distance: 'nm' | 'km';
}

const hours = (seconds: number | null | undefined) => (seconds == null ? null : seconds / 3600);

function engineCols(group: 'port' | 'starboard', side: 'PORT' | 'STARBOARD'): Col[] {
  const meter = (r: CombinedBucket) => r.flowmeter?.[`${side}_IN`];
  return [
    { key: `${group}Rpm`, group, value: (r) => r.rpm?.[side]?.rpm, digits: 0 },
    { key: `${group}RunningHours`, group, value: (r) => hours(r.rpm?.[side]?.runningTime) },
    { key: `${group}VolumeFlowrate`, group, value: (r) => meter(r)?.volumeFlowrate },
    { key: `${group}Density`, group, value: (r) => meter(r)?.density },
    { key: `${group}Temperature`, group, value: (r) => meter(r)?.temperature },
  ];
}

/** The columns of spec 002 §2.7 in its order; each bucket's first and last fix (docs/domain.md §1). */
export const COLUMNS: Col[] = [
  {
    key: 'firstCoordinate',
    group: 'gps',
    value: () => null,
    text: (r) => latLng(r.gps?.firstLatitude, r.gps?.firstLongitude),
  },
  { key: 'lastCoordinate', group: 'gps', value: () => null, text: (r) => latLng(r.gps?.latitude, r.gps?.longitude) },
  { key: 'heading', group: 'gps', value: (r) => r.gps?.track, digits: 1 },
  {
    key: 'speed',
    group: 'gps',
    value: (r, u) => (r.gps?.speed == null ? null : u.speed === 'knot' ? r.gps.speed * KNOTS_PER_KMH : r.gps.speed),
  },
  {
    key: 'cruise',
    group: 'gps',
    value: (r, u) => {
      const m = r.gps?.polyLength;
      return m == null ? null : u.distance === 'nm' ? m / 1852 : m / 1000;
    },
  },
  ...engineCols('port', 'PORT'),
  ...engineCols('starboard', 'STARBOARD'),
  ...([1, 2, 3] as const).flatMap((n): Col[] => {
    const group = `ae${n}` as const;
    return [
      { key: `ae${n}RunningHours`, group, value: (r) => hours(r.ae?.[`AE${n}`]?.runningTime) },
      { key: `ae${n}FuelConsumption`, group, value: (r) => r.ae?.[`AE${n}`]?.fuelConsumption },
    ];
  }),
];
/**
 * The datalog as the sheet 'Data' (spec 002 §7.3): the header, then per record its number, the date-time on the
 * company's clock and the shown columns — figures as number cells rounded as the table shows them (issue 28: they
 * were the table's texts), the coordinates as text.
 */
export function voyageSheet(records: VoyageRecord[], visible: Col[], units: Units, header: string[]): Cell[][] {
  return [
    header,
    ...records.map((r, i): Cell[] => [
      i + 1,
      at(r.timestamp * 1000).format('DD-MM-YYYY HH:mm'),
      ...visible.map((c) => (c.text ? c.text(r.b) : xlsxNumber(c.value(r.b, units), c.digits ?? 2))),
    ]),
  ];
}

/** The groups of combined data the columns read. */
const TYPES = ['gps', 'rpm', 'flowmeter', 'ae'] as const;
const GROUPS: Col['group'][] = ['gps', 'port', 'starboard', 'ae1', 'ae2', 'ae3'];
const GROUP_TEXT = {
  gps: 'groupGps',
  port: 'groupPort',
  starboard: 'groupStarboard',
  ae1: 'groupAe1',
  ae2: 'groupAe2',
  ae3: 'groupAe3',
} as const satisfies Record<Col['group'], VoyageText>;

/**
 * The voyage report's datalog menu (spec 002 §2.7): table mode (units, sort, column filter, Download XLSX) and chart
 * mode (four charts of the voyage's hourly data), plus a close control.
 */
export function VoyageDatalog({
  summary,
  vesselName,
  onClose,
}: {
  /** the voyage's summary (its vessel, period and timezone; the charts' hourly data) */
  summary: Summary;
  vesselName: string;
  onClose: () => void;
}) {
  const t = useTexts(voyageTexts);
  const period = { start: summary.start, end: summary.end };
  const combined = useQuery({
    queryKey: ['voyage', 'combined', summary.massId, period.start, period.end],
    queryFn: ({ signal }) => fetchCombined(summary.massId, period, 'HOUR', TYPES, signal),
  });
  const [units, setUnits] = useState<Units>({ speed: 'knot', distance: 'nm' });
  const [sort, setSort] = useState<'oldest' | 'latest'>('oldest');
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const [filterOpen, setFilterOpen] = useState(false);
  const [mode, setMode] = useState<'table' | 'chart'>('table');
  const records = useMemo(() => {
    const list = combinedBuckets(combined.data ?? []).map(([timestamp, b]): VoyageRecord => ({ timestamp, b }));
    return sort === 'latest' ? list.reverse() : list;
  }, [combined.data, sort]);
  const visible = COLUMNS.filter((c) => !hidden.has(c.key));
  const unitLabel = (c: Col) =>
    c.key === 'speed'
      ? t('speedIn', { unit: units.speed === 'knot' ? 'knot' : 'km/h' })
      : c.key === 'cruise'
        ? t('cruiseIn', { unit: units.distance.toUpperCase() })
        : t(c.key);

  const sheet = () => voyageSheet(records, visible, units, [t('no'), t('dateTime'), ...visible.map(unitLabel)]);
  const fileName = xlsxFileName(vesselName, summary.start * 1000, summary.end * 1000);
  const download = () => saveXlsx(sheet(), 'Data', fileName);

  return (
    <div className="voyage-datalog" data-testid="voyage-datalog">
      <Space wrap style={{ marginBottom: 8 }}>
        <Segmented
          size="small"
          aria-label={t('datalogMode')}
          value={mode}
          onChange={setMode}
          options={[
            { value: 'table', label: t('datalog') },
            { value: 'chart', label: t('chart') },
          ]}
        />
        {mode === 'chart' && (
          <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('closeDatalog')} onClick={onClose} />
        )}
      </Space>
      {mode === 'chart' ? (
        <VoyageCharts summary={summary} />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 8 }}>
            <Select
              size="small"
              value={units.speed}
              onChange={(speed) => setUnits({ ...units, speed })}
              options={[
                { value: 'knot', label: 'knot' },
                { value: 'kmh', label: 'km/h' },
              ]}
              aria-label={t('speedUnit')}
            />
            <Select
              size="small"
              value={units.distance}
              onChange={(distance) => setUnits({ ...units, distance })}
              options={[
                { value: 'nm', label: 'nm' },
                { value: 'km', label: 'km' },
              ]}
              aria-label={t('distanceUnit')}
            />
            <Select
              size="small"
              value={sort}
              onChange={setSort}
              options={[
                { value: 'oldest', label: t('oldest') },
                { value: 'latest', label: t('latest') },
              ]}
              aria-label={t('sort')}
            />
            <Button size="small" onClick={() => setFilterOpen(true)}>
              {t('filterColumn')}
            </Button>
            <Button size="small" onClick={() => void download()}>
              {t('downloadXlsx')}
            </Button>
            <Button size="small" onClick={() => saveCsv(sheet(), csvFileName(fileName))}>
              {t('downloadCsv')}
            </Button>
            <Button
              size="small"
              type="text"
              icon={<CloseOutlined />}
              aria-label={t('closeDatalog')}
              onClick={onClose}
            />
          </Space>
          {combined.isError && <Alert type="error" showIcon title={t('datalogFailed')} />}
          <Table
            size="small"
            rowKey="timestamp"
            loading={combined.isLoading}
            dataSource={records}
            pagination={{ pageSize: 24, showSizeChanger: false }}
            scroll={{ x: true }}
            columns={[
              { title: t('no'), key: 'no', render: (_v, _r, i) => i + 1 },
              {
                title: t('dateTime'),
                key: 'dt',
                className: 'voyage-nowrap',
                render: (_v, r: VoyageRecord) => at(r.timestamp * 1000).format('DD-MM-YYYY HH:mm'),
              },
              ...visible.map((c) => ({
                title: unitLabel(c),
                key: c.key,
                render: (_v: unknown, r: VoyageRecord) => shownValue(c, r.b, units),
              })),
            ]}
          />
          <Modal
            title={t('showHideColumns')}
            open={filterOpen}
            onCancel={() => setFilterOpen(false)}
            onOk={() => setFilterOpen(false)}
            keyboard={false}
            maskClosable={false}
          >
            {GROUPS.map((g) => {
              const cols = COLUMNS.filter((c) => c.group === g);
              const allShown = cols.every((c) => !hidden.has(c.key));
              return (
                <div key={g} className="voyage-col-group">
                  <Space>
                    <b>{t(GROUP_TEXT[g])}</b>
                    <Button
                      size="small"
                      type="link"
                      onClick={() =>
                        setHidden((old) => {
                          const n = new Set(old);
                          for (const c of cols) {
                            if (allShown) n.add(c.key);
                            else n.delete(c.key);
                          }
                          return n;
                        })
                      }
                    >
                      {allShown ? t('hideAll') : t('showAll')}
                    </Button>
                  </Space>
                  <div>
                    {cols.map((c) => (
                      <Checkbox
                        key={c.key}
                        checked={!hidden.has(c.key)}
                        onChange={(e) =>
                          setHidden((old) => {
                            const n = new Set(old);
                            if (e.target.checked) n.delete(c.key);
                            else n.add(c.key);
                            return n;
                          })
                        }
                      >
                        {t(c.key)}
                      </Checkbox>
                    ))}
                  </div>
                </div>
              );
            })}
          </Modal>
        </>
      )}
    </div>
  );
}
