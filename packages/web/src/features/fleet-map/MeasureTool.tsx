import { ColumnWidthOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, DatePicker, Select, Space, Table, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { CircleMarker, Polyline, useMapEvents } from 'react-leaflet';
import { useTexts } from '../../api/i18n.ts';
import { at, fromPicker, now, toPicker } from '../../api/zone.ts';
import { csvFileName, saveCsv } from '../../components/csv.ts';
import { qty } from '../../components/format.ts';
import { MapOverlay } from '../../components/map/index.ts';
import { NumberInput, numberProblem } from '../../components/number-input/NumberInput.tsx';
import { type Cell, saveXlsx, xlsxNumber } from '../../components/xlsx.ts';
import {
  formatDuration,
  formatLatLng,
  type LatLng,
  LENGTH_UNITS,
  type LengthUnit,
  legs,
  lineLengthM,
  MEASURE_UNITS,
  type MeasureUnit,
} from './measure.ts';
import { fleetMapTexts } from './texts.ts';

const fmtEta = (ms: number) => (Number.isFinite(ms) ? at(ms).format('DD-MM-YYYY HH:mm') : '-');

/**
 * Our own polyline measure tool (spec 002 §2.5; research wave2 §3): click to add points, double-click (or Finish)
 * to end a line; running length in km, land miles or NM; then the coordinates panel with the leg table and
 * the Excel export.
 */
export function MeasureTool() {
  const t = useTexts(fleetMapTexts);
  const [active, setActive] = useState(false);
  const [drawing, setDrawing] = useState<LatLng[]>([]);
  const [lines, setLines] = useState<LatLng[][]>([]);
  const [current, setCurrent] = useState(0);
  const [lengthUnit, setLengthUnit] = useState<LengthUnit>('nm');

  const finish = () => {
    if (drawing.length >= 2) {
      setLines((l) => [...l, drawing]);
      setCurrent(lines.length);
    }
    setDrawing([]);
  };
  useMapEvents({
    click(e) {
      if (active) setDrawing((d) => [...d, { lat: e.latlng.lat, lng: e.latlng.lng }]);
    },
    dblclick() {
      if (active) finish();
    },
  });

  const unit = LENGTH_UNITS.find((u) => u.value === lengthUnit)!;
  const toggle = () => {
    if (active) finish();
    setActive(!active);
  };

  return (
    <>
      {lines.map((l, i) => (
        <Polyline
          key={l.map((p) => `${p.lat},${p.lng}`).join(';')}
          positions={l}
          pathOptions={{ color: i === current ? '#d4380d' : '#fa8c16', weight: 3, dashArray: '6 4' }}
        />
      ))}
      {drawing.length > 0 && <Polyline positions={drawing} pathOptions={{ color: '#d4380d', weight: 3 }} />}
      {[...drawing, ...(lines[current] ?? [])].map((p) => (
        <CircleMarker
          key={`${p.lat},${p.lng}`}
          center={p}
          radius={4}
          pathOptions={{ color: '#d4380d', fillOpacity: 1 }}
          interactive={false}
        />
      ))}
      {/* beside the map, not in it: clicks on the panels add no point, and the selects open with the mouse */}
      <MapOverlay>
        <div className="fm-measure leaflet-bar">
          {/* below the button: on its right it would cover the unit select */}
          <Tooltip title={active ? t('finishMeasuring') : t('measureDistance')} placement="bottom">
            <Button
              aria-label={t('measure')}
              type={active ? 'primary' : 'default'}
              icon={<ColumnWidthOutlined />}
              onClick={toggle}
            />
          </Tooltip>
          {active && (
            <Space className="fm-measure-box" size={4} wrap>
              <span data-testid="measure-length">
                {qty(lineLengthM(drawing) / unit.metres, lengthUnit.toUpperCase())}
              </span>
              <Select
                size="small"
                value={lengthUnit}
                onChange={setLengthUnit}
                aria-label={t('unit')}
                options={LENGTH_UNITS.map((u) => ({ value: u.value, label: t(u.label) }))}
                style={{ width: 150 }}
              />
              <Button size="small" onClick={finish} disabled={drawing.length < 2}>
                {t('finish')}
              </Button>
              <Button
                size="small"
                onClick={() => {
                  setLines([]);
                  setDrawing([]);
                  setCurrent(0);
                }}
              >
                {t('clear')}
              </Button>
            </Space>
          )}
        </div>
        {lines.length > 0 && (
          <CoordinatesPanel
            lines={lines}
            current={current}
            setCurrent={setCurrent}
            onClose={() => {
              setLines([]);
              setCurrent(0);
            }}
          />
        )}
      </MapOverlay>
    </>
  );
}

/** The coordinates table's columns, each its row field and its text's key (the Excel export has the same). */
const COLUMNS = ['from', 'to', 'heading', 'speed', 'eta', 'distance', 'duration'] as const;

/**
 * The coordinates table as a sheet: heading, speed and distance as number cells (issue 28: they were texts such as
 * '12 knot'), their units in the header; positions, ETA and duration as the table writes them.
 */
export function coordinateSheet(
  table: ReturnType<typeof legs>,
  say: (key: (typeof COLUMNS)[number] | 'total') => string,
  distanceUnit: string,
  speedUnit: string,
): Cell[][] {
  const unitOf: Partial<Record<(typeof COLUMNS)[number], string>> = {
    heading: '°',
    speed: speedUnit,
    distance: distanceUnit,
  };
  return [
    COLUMNS.map((c) => (unitOf[c] ? `${say(c)} (${unitOf[c]})` : say(c))),
    ...table.legs.map((l): Cell[] => [
      formatLatLng(l.from),
      formatLatLng(l.to),
      xlsxNumber(l.heading, 1),
      xlsxNumber(l.speed, 2),
      fmtEta(l.eta),
      xlsxNumber(l.distance, 2),
      formatDuration(l.duration),
    ]),
    [
      say('total'),
      null,
      null,
      null,
      fmtEta(table.total.eta),
      xlsxNumber(table.total.distance, 2),
      formatDuration(table.total.duration),
    ],
  ];
}

export function CoordinatesPanel({
  lines,
  current,
  setCurrent,
  onClose,
}: {
  lines: LatLng[][];
  current: number;
  setCurrent: (n: number) => void;
  onClose: () => void;
}) {
  const t = useTexts(fleetMapTexts);
  // what the speed box holds: a number, nothing, or a typed text that is not a number (issue 28)
  const [typedSpeed, setTypedSpeed] = useState<number | string | null>(1);
  /** the speed the table is computed with: none (no ETA) unless the box holds a number from 0 */
  const speed = typeof typedSpeed === 'number' && typedSpeed >= 0 ? typedSpeed : 0;
  const speedProblem =
    numberProblem(typedSpeed) ?? (typeof typedSpeed === 'number' && typedSpeed < 0 ? t('speedMin') : null);
  const [unit, setUnit] = useState<MeasureUnit>('NM');
  // the picker's wall clock is the company's zone's (api/zone.ts)
  const [departure, setDeparture] = useState<Dayjs>(() => toPicker(Date.now()));
  const table = legs(lines[current] ?? [], speed, unit, fromPicker(departure));
  const dUnit = unit === 'NM' ? 'NM' : 'KM';
  const sUnit = unit === 'NM' ? 'knot' : 'km/h';
  const rows = [
    ...table.legs.map((l, i) => ({
      key: i,
      from: formatLatLng(l.from),
      to: formatLatLng(l.to),
      heading: qty(l.heading, '°', 1),
      speed: qty(l.speed, sUnit, [0, 2]),
      eta: fmtEta(l.eta),
      distance: qty(l.distance, dUnit),
      duration: formatDuration(l.duration),
    })),
    {
      key: 'total',
      from: t('total'),
      to: '',
      heading: '',
      speed: '',
      eta: fmtEta(table.total.eta),
      distance: qty(table.total.distance, dUnit),
      duration: formatDuration(table.total.duration),
    },
  ];

  const sheet = () => coordinateSheet(table, (k) => t(k), dUnit, sUnit);
  const fileName = () => t('coordinatesFile', { time: now().format('YYYYMMDDHHmmss') });
  const exportExcel = () => saveXlsx(sheet(), 'Data', fileName());

  return (
    <div className="fm-coords" data-testid="coordinates-panel">
      <Space wrap className="fm-coords-tools">
        <Space size={2}>
          <Button
            size="small"
            icon={<LeftOutlined />}
            aria-label={t('previousLine')}
            disabled={current === 0}
            onClick={() => setCurrent(current - 1)}
          />
          <span>{t('line', { number: current + 1 })}</span>
          <Button
            size="small"
            icon={<RightOutlined />}
            aria-label={t('nextLine')}
            disabled={current >= lines.length - 1}
            onClick={() => setCurrent(current + 1)}
          />
        </Space>
        <span>{t('speed')}</span>
        <NumberInput
          size="small"
          value={typedSpeed}
          onChange={setTypedSpeed}
          aria-label={t('speed')}
          style={{ width: 90 }}
        />
        {speedProblem && (
          <Typography.Text type="danger" role="alert">
            {speedProblem}
          </Typography.Text>
        )}
        <Select
          size="small"
          value={unit}
          onChange={setUnit}
          options={MEASURE_UNITS}
          style={{ width: 130 }}
          aria-label={t('unit')}
        />
        <DatePicker
          size="small"
          showTime={{ format: 'HH:mm' }}
          format="DD-MM-YYYY HH:mm"
          value={departure}
          onChange={(d) => d && setDeparture(d)}
          allowClear={false}
        />
        <Button size="small" type="primary" onClick={() => void exportExcel()}>
          {t('exportExcel')}
        </Button>
        <Button size="small" onClick={() => saveCsv(sheet(), csvFileName(fileName()))}>
          {t('exportCsv')}
        </Button>
        <Button size="small" onClick={onClose}>
          {t('close')}
        </Button>
      </Space>
      <Table
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: true, y: 200 }}
        columns={COLUMNS.map((c) => ({ title: t(c), dataIndex: c }))}
      />
    </div>
  );
}
