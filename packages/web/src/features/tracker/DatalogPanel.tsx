import type { TrackerStatus } from '@fleet/shared/answers/tracker.ts';
import { Button, Form, Select, Table } from 'antd';
import { useEffect, useState } from 'react';
import { text, useTexts } from '../../api/i18n.ts';
import { type DateRange, periodSeconds } from '../../api/period.ts';
import {
  AGGREGATE_UNITS,
  type AggregateUnit,
  fetchTrail,
  localTime,
  TRACKER,
  type TrackerPoint,
} from '../../api/tracker.ts';
import { coordinate, num } from '../../components/format.ts';
import { NumberInput, numberRule } from '../../components/number-input/NumberInput.tsx';
import { PeriodPicker } from '../../components/PeriodPicker.tsx';
import { trackerTexts } from './texts.ts';

/** The aggregate units' texts. */
export const UNIT_TEXT = { MINUTE: 'unitMinute', HOUR: 'unitHour', DAY: 'unitDay' } as const satisfies Record<
  AggregateUnit,
  keyof typeof trackerTexts.en
>;

/** The default range: the last 24 h up to now. */
const last24h = (): DateRange => ({ start: Date.now() - 86_400_000, end: Date.now() });

/**
 * The side panel 'Datalog Trail (Device: id)' (spec 002 §2.12): range (default the last 24 h), Aggregate Unit,
 * Aggregate Length (min 1), Apply Filter, and the table of the tracker's aggregated points, newest first.
 * An invalid range only warns on the console (spec 002 §5).
 */
export function DatalogPanel({
  tracker,
  onClose,
  onShowPoint,
}: {
  tracker: TrackerStatus;
  onClose: () => void;
  onShowPoint: (p: TrackerPoint) => void;
}) {
  const t = useTexts(trackerTexts);
  const [range, setRange] = useState<DateRange>(last24h);
  const [unit, setUnit] = useState<AggregateUnit>(TRACKER.aggregateUnit);
  const [length, setLength] = useState<number>(TRACKER.aggregateLength);
  // the Aggregate Length box: what is typed is checked when the filter is applied (issue 28)
  const [form] = Form.useForm<{ aggregateLength: number | string | null }>();
  const [rows, setRows] = useState<TrackerPoint[]>([]);
  const [loading, setLoading] = useState(false);

  async function apply(r = range, u = unit, l = length) {
    if (!(r.end > r.start)) {
      console.warn('Datalog trail: invalid date range');
      return;
    }
    setLoading(true);
    try {
      const p = periodSeconds(r);
      setRows(await fetchTrail(tracker.devcId, p.start, p.end, u, Math.max(1, l)));
    } catch (err) {
      console.warn('Datalog trail: loading failed', err);
      setRows([]);
    } finally {
      setLoading(false);
    }
  }

  // a new device opens with the default filter applied
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only when the device changes
  useEffect(() => {
    const r = last24h();
    setRange(r);
    void apply(r, unit, length);
  }, [tracker.devcId]);

  /** Apply Filter: the typed length when it is a whole number from 1, else the box says why and nothing loads. */
  async function applyFilter() {
    let typed: number;
    try {
      typed = Number((await form.validateFields()).aggregateLength);
    } catch {
      return;
    }
    setLength(typed);
    await apply(range, unit, typed);
  }

  return (
    <aside className="tk-panel" aria-label={t('datalogTrail')}>
      <div className="tk-panel-head">
        <h2>{t('datalogTrailOf', { device: tracker.devcUniqueId })}</h2>
        <Button size="small" type="text" aria-label={t('close')} onClick={onClose}>
          ✕
        </Button>
      </div>
      <Form
        form={form}
        layout="vertical"
        size="small"
        className="tk-panel-form"
        initialValues={{ aggregateLength: TRACKER.aggregateLength }}
      >
        <Form.Item label={t('range')}>
          <PeriodPicker value={range} onChange={setRange} style={{ width: '100%' }} />
        </Form.Item>
        <div className="tk-panel-row">
          <Form.Item label={t('aggregateUnit')}>
            <Select
              value={unit}
              onChange={setUnit}
              options={AGGREGATE_UNITS.map((u) => ({ value: u, label: t(UNIT_TEXT[u]) }))}
              style={{ width: 120 }}
            />
          </Form.Item>
          <Form.Item
            label={t('aggregateLength')}
            name="aggregateLength"
            rules={[
              numberRule(true),
              {
                validator: (_, v) =>
                  typeof v === 'string' || (typeof v === 'number' && v >= 1)
                    ? Promise.resolve()
                    : Promise.reject(new Error(text(trackerTexts, 'aggregateLengthMin'))),
              },
            ]}
          >
            <NumberInput whole style={{ width: 90 }} />
          </Form.Item>
          <Form.Item label=" ">
            <Button type="primary" onClick={() => void applyFilter()} loading={loading}>
              {t('applyFilter')}
            </Button>
          </Form.Item>
        </div>
      </Form>
      <Table<TrackerPoint>
        size="small"
        rowKey="timestamp"
        loading={loading}
        dataSource={rows}
        pagination={{ pageSize: 50, showSizeChanger: false, size: 'small' }}
        locale={{ emptyText: t('noData') }}
        onRow={(p) => ({ onClick: () => onShowPoint(p) })}
        scroll={{ x: 490, y: 'calc(100vh - 430px)' }}
        columns={[
          { title: t('datetime'), dataIndex: 'timestamp', render: (v: number) => localTime(v), width: 140 },
          { title: t('lat'), dataIndex: 'latitude', render: (v) => coordinate(v), width: 84 },
          { title: t('lon'), dataIndex: 'longitude', render: (v) => coordinate(v), width: 92 },
          { title: t('speedColumn'), dataIndex: 'speed', render: (v) => num(v, 0), width: 60 },
          { title: t('angle'), dataIndex: 'angle', render: (v) => num(v, 0), width: 60 },
          { title: t('sats'), dataIndex: 'satellites', render: (v) => num(v, 0), width: 52 },
        ]}
      />
    </aside>
  );
}
