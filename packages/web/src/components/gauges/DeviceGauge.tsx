import type { PulseRow } from '@fleet/shared/answers/pulse.ts';
import { Progress, Tag } from 'antd';
import type { ReactNode } from 'react';
import { DialGauge } from './DialGauge.tsx';
import { LinearGauge } from './LinearGauge.tsx';
import { KMH_TO_KNOTS, speedScaleKnots, temperatureGauge } from './scales.ts';
import './gauges.css';
import { num as formatNumber, percent, qty } from '../format.ts';

const num = (r: PulseRow | null, key: string): number | null => {
  const v = r?.[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};
const fixed = (v: number | null, d: number, unit = '') =>
  v === null ? '—' : unit ? qty(v, unit, d) : formatNumber(v, d);

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="gauge-facts">
      {items.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A percentage with two decimals (spec 000 §2: gateway usage as percent with 2 decimals). */
function PercentRow({ label, value }: { label: string; value: number | null }) {
  return (
    <div className="gauge-row">
      <span>{label}</span>
      <Progress
        percent={value ?? 0}
        size="small"
        status={value !== null && value > 90 ? 'exception' : 'normal'}
        format={() => (value === null ? '—' : percent(value))}
        aria-label={`${label} ${value === null ? 'no reading' : percent(value)}`}
      />
    </div>
  );
}

/** 0/1 flag as a tag; null as a dash. */
function Flag({ value, on, off, onColor }: { value: number | null; on: string; off: string; onColor: string }) {
  if (value === null) return <span>—</span>;
  return value === 1 ? <Tag color={onColor}>{on}</Tag> : <Tag>{off}</Tag>;
}

/**
 * The gauge suited to a device type, showing its latest reading (docs/domain.md §22): RPM / AE dial to the
 * engine's scale with the running threshold, flow-rate dial, temperature line gauge (0–220 °C, red above 100),
 * GPS speed in knots and position, gateway CPU / memory / disk in percent, power AC / battery, tank level.
 */
export function DeviceGauge({
  type,
  reading,
  scaleMax,
  threshold,
  label,
}: {
  type: string;
  /** the device's label (an exhaust temperature has its own scale) */
  label?: string | null;
  reading: PulseRow | null;
  /** full scale of the RPM or flow dial (rpmScale / flowScale) */
  scaleMax?: number;
  /** RPM running threshold (Config RPM minimum) */
  threshold?: number;
}) {
  switch (type) {
    case 'rpm':
    case 'ae': {
      const max = scaleMax ?? 1000;
      const t = threshold ?? (type === 'rpm' ? 400 : 0);
      return (
        <>
          <DialGauge
            value={num(reading, 'rpm')}
            max={max}
            unit="rpm"
            label="RPM"
            bands={[
              { to: t, color: '#bfbfbf' },
              { to: max, color: '#52c41a' },
            ]}
          />
          {type === 'ae' && (
            <Facts
              items={[
                [
                  'Running',
                  <Flag key="r" value={num(reading, 'running')} on="Running" off="Stopped" onColor="green" />,
                ],
              ]}
            />
          )}
        </>
      );
    }
    case 'flowmeter':
      return (
        <>
          <DialGauge
            value={num(reading, 'volumeFlowrate')}
            max={scaleMax ?? 100}
            unit="L/h"
            label="Flow rate"
            decimals={1}
          />
          <Facts
            items={[
              ['Density', fixed(num(reading, 'density'), 1, 'kg/m³')],
              ['Temperature', fixed(num(reading, 'temperature'), 1, '°C')],
              ['Inventory', fixed(num(reading, 'volumeInventory'), 0, 'L')],
            ]}
          />
        </>
      );
    case 'temperature':
      return <LinearGauge value={num(reading, 'temperature')} {...temperatureGauge(label)} label="Temperature" />;
    case 'gps': {
      const kmh = num(reading, 'speed');
      const knots = kmh === null ? null : kmh * KMH_TO_KNOTS;
      return (
        <>
          <DialGauge value={knots} max={speedScaleKnots(knots)} unit="kn" label="Speed" decimals={1} />
          <Facts
            items={[
              ['Latitude', fixed(num(reading, 'latitude'), 5)],
              ['Longitude', fixed(num(reading, 'longitude'), 5)],
              ['Heading', fixed(num(reading, 'track'), 0, '°')],
            ]}
          />
        </>
      );
    }
    case 'gateway':
      return (
        <div className="gauge-rows">
          <PercentRow label="CPU" value={num(reading, 'cpuUsage')} />
          <PercentRow label="Memory free" value={num(reading, 'memoryFree')} />
          <PercentRow label="Disk free" value={num(reading, 'spaceFree')} />
          <Facts items={[['Battery', fixed(num(reading, 'battery'), 0, '%')]]} />
        </div>
      );
    case 'power':
    case 'battery':
      return (
        <div className="gauge-rows">
          <Facts
            items={[
              ['AC power', <Flag key="ac" value={num(reading, 'onAc')} on="On AC" off="Off AC" onColor="green" />],
              [
                'Battery',
                <Flag key="bf" value={num(reading, 'batteryFail')} on="Battery fail" off="Battery OK" onColor="red" />,
              ],
              ['Voltage', fixed(num(reading, 'batteryVoltage'), 2, 'V')],
            ]}
          />
        </div>
      );
    case 'tank':
      return (
        <div className="gauge-rows">
          <div className="linear-gauge-value">{fixed(num(reading, 'level'), 0, 'mm')}</div>
          <div className="gauge-caption">Level</div>
          <Facts
            items={[
              ['Volume', fixed(num(reading, 'volume'), 0, 'L')],
              ['Temperature', fixed(num(reading, 'temperature'), 1, '°C')],
            ]}
          />
        </div>
      );
    default:
      return <div className="gauge-caption">No gauge for this device type</div>;
  }
}
