import { CloseOutlined } from '@ant-design/icons';
import type { CombinedBucket, Summary } from '@fleet/shared/answers/summary.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Modal, Segmented, Select, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { combinedBuckets, fetchCombined } from '../../api/summary.ts';
import { latLng, num } from '../../components/format.ts';
import { xlsxFileName } from '../../components/xlsx.ts';
import { VoyageCharts } from './VoyageCharts.tsx';

const KNOTS_PER_KMH = 0.539957;

/** A datalog record: one bucket of the combined data (docs/api.md "combined"), the Datalog screen's source too. */
export interface VoyageRecord {
  timestamp: number;
  b: CombinedBucket;
}

/** A datalog column (spec 002 §3.3): key, label, group, value of a record. */
interface Col {
  key: string;
  label: string;
  group: 'gps' | 'port' | 'starboard' | 'ae1' | 'ae2' | 'ae3';
  value: (r: CombinedBucket, u: Units) => string;
}
export interface Units {
  speed: 'knot' | 'kmh';
  distance: 'nm' | 'km';
}

const hours = (seconds: number | null | undefined) => (seconds == null ? null : seconds / 3600);

function engineCols(group: 'port' | 'starboard', side: 'PORT' | 'STARBOARD'): Col[] {
  const label = side === 'PORT' ? 'Port' : 'Starboard';
  const meter = (r: CombinedBucket) => r.flowmeter?.[`${side}_IN`];
  return [
    { key: `${group}Rpm`, label: `${label} RPM`, group, value: (r) => num(r.rpm?.[side]?.rpm, 0) },
    {
      key: `${group}RunningHours`,
      label: `${label} Running Hours`,
      group,
      value: (r) => num(hours(r.rpm?.[side]?.runningTime)),
    },
    {
      key: `${group}VolumeFlowrate`,
      label: `${label} Flowrate (L/h)`,
      group,
      value: (r) => num(meter(r)?.volumeFlowrate),
    },
    { key: `${group}Density`, label: `${label} Density`, group, value: (r) => num(meter(r)?.density) },
    { key: `${group}Temperature`, label: `${label} Temperature`, group, value: (r) => num(meter(r)?.temperature) },
  ];
}

/** The columns of spec 002 §2.7 in its order; each bucket's first and last fix (docs/domain.md §1). */
export const COLUMNS: Col[] = [
  {
    key: 'firstCoordinate',
    label: 'First Coordinate',
    group: 'gps',
    value: (r) => latLng(r.gps?.firstLatitude, r.gps?.firstLongitude),
  },
  {
    key: 'lastCoordinate',
    label: 'Last Coordinate',
    group: 'gps',
    value: (r) => latLng(r.gps?.latitude, r.gps?.longitude),
  },
  { key: 'heading', label: 'Heading', group: 'gps', value: (r) => num(r.gps?.track, 1) },
  {
    key: 'speed',
    label: 'Speed',
    group: 'gps',
    value: (r, u) => num(r.gps?.speed == null ? null : u.speed === 'knot' ? r.gps.speed * KNOTS_PER_KMH : r.gps.speed),
  },
  {
    key: 'cruise',
    label: 'Cruise',
    group: 'gps',
    value: (r, u) => {
      const m = r.gps?.polyLength;
      return num(m == null ? null : u.distance === 'nm' ? m / 1852 : m / 1000);
    },
  },
  ...engineCols('port', 'PORT'),
  ...engineCols('starboard', 'STARBOARD'),
  ...(['AE1', 'AE2', 'AE3'] as const).flatMap((k, i): Col[] => {
    const group = `ae${i + 1}` as Col['group'];
    return [
      {
        key: `ae${i + 1}RunningHours`,
        label: `AE ${i + 1} Running Hours`,
        group,
        value: (r) => num(hours(r.ae?.[k]?.runningTime)),
      },
      {
        key: `ae${i + 1}FuelConsumption`,
        label: `AE ${i + 1} Fuel (L)`,
        group,
        value: (r) => num(r.ae?.[k]?.fuelConsumption),
      },
    ];
  }),
];
/** The groups of combined data the columns read. */
const TYPES = ['gps', 'rpm', 'flowmeter', 'ae'] as const;
const GROUPS: Col['group'][] = ['gps', 'port', 'starboard', 'ae1', 'ae2', 'ae3'];

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
      ? `Speed (${units.speed === 'knot' ? 'knot' : 'km/h'})`
      : c.key === 'cruise'
        ? `Cruise (${units.distance.toUpperCase()})`
        : c.label;

  const download = async () => {
    const { default: writeXlsxFile } = await import('write-excel-file/browser');
    const header = ['No', 'Date Time', ...visible.map(unitLabel)].map((value) => ({
      value,
      fontWeight: 'bold' as const,
    }));
    const rows = records.map((r, i) => [
      i + 1,
      dayjs.unix(r.timestamp).format('DD-MM-YYYY HH:mm'),
      ...visible.map((c) => c.value(r.b, units)),
    ]);
    const name = xlsxFileName(vesselName, summary.start * 1000, summary.end * 1000);
    await writeXlsxFile([header, ...rows], { sheet: 'Data' }).toFile(name);
  };

  return (
    <div className="voyage-datalog" data-testid="voyage-datalog">
      <Space wrap style={{ marginBottom: 8 }}>
        <Segmented
          size="small"
          aria-label="Datalog mode"
          value={mode}
          onChange={setMode}
          options={[
            { value: 'table', label: 'Datalog' },
            { value: 'chart', label: 'Chart' },
          ]}
        />
        {mode === 'chart' && (
          <Button size="small" type="text" icon={<CloseOutlined />} aria-label="Close datalog" onClick={onClose} />
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
              aria-label="Speed unit"
            />
            <Select
              size="small"
              value={units.distance}
              onChange={(distance) => setUnits({ ...units, distance })}
              options={[
                { value: 'nm', label: 'nm' },
                { value: 'km', label: 'km' },
              ]}
              aria-label="Distance unit"
            />
            <Select
              size="small"
              value={sort}
              onChange={setSort}
              options={[
                { value: 'oldest', label: 'Oldest' },
                { value: 'latest', label: 'Latest' },
              ]}
              aria-label="Sort"
            />
            <Button size="small" onClick={() => setFilterOpen(true)}>
              Filter Column
            </Button>
            <Button size="small" onClick={() => void download()}>
              Download XLSX
            </Button>
            <Button size="small" type="text" icon={<CloseOutlined />} aria-label="Close datalog" onClick={onClose} />
          </Space>
          {combined.isError && <Alert type="error" showIcon title="The voyage datalog could not be loaded." />}
          <Table
            size="small"
            rowKey="timestamp"
            loading={combined.isLoading}
            dataSource={records}
            pagination={{ pageSize: 24, showSizeChanger: false }}
            scroll={{ x: true }}
            columns={[
              { title: 'No', key: 'no', render: (_v, _r, i) => i + 1 },
              {
                title: 'Date Time',
                key: 'dt',
                className: 'voyage-nowrap',
                render: (_v, r: VoyageRecord) => dayjs.unix(r.timestamp).format('DD-MM-YYYY HH:mm'),
              },
              ...visible.map((c) => ({
                title: unitLabel(c),
                key: c.key,
                render: (_v: unknown, r: VoyageRecord) => c.value(r.b, units),
              })),
            ]}
          />
          <Modal
            title="Show/Hide Datalog Column"
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
                    <b>{g.toUpperCase()}</b>
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
                      {allShown ? 'Hide All' : 'Show All'}
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
                        {c.label}
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
