import type { PulseRow } from '@fleet/shared/answers/pulse.ts';
import { Progress, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTexts } from '../../api/i18n.ts';
import { DialGauge } from './DialGauge.tsx';
import { LinearGauge } from './LinearGauge.tsx';
import { KMH_TO_KNOTS, speedScaleKnots, temperatureGauge } from './scales.ts';
import './gauges.css';
import { num as formatNumber, percent, qty } from '../format.ts';
import { gaugeTexts } from './texts.ts';

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
  const t = useTexts(gaugeTexts);
  return (
    <div className="gauge-row">
      <span>{label}</span>
      <Progress
        percent={value ?? 0}
        size="small"
        status={value !== null && value > 90 ? 'exception' : 'normal'}
        format={() => (value === null ? '—' : percent(value))}
        aria-label={value === null ? t('noReadingRow', { label }) : `${label} ${percent(value)}`}
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
  const t = useTexts(gaugeTexts);
  switch (type) {
    case 'rpm':
    case 'ae': {
      const max = scaleMax ?? 1000;
      const from = threshold ?? (type === 'rpm' ? 400 : 0);
      return (
        <>
          <DialGauge
            value={num(reading, 'rpm')}
            max={max}
            unit="rpm"
            label="RPM"
            bands={[
              { to: from, color: '#bfbfbf' },
              { to: max, color: '#52c41a' },
            ]}
          />
          {type === 'ae' && (
            <Facts
              items={[
                [
                  t('running'),
                  <Flag key="r" value={num(reading, 'running')} on={t('running')} off={t('stopped')} onColor="green" />,
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
            label={t('flowRate')}
            decimals={1}
          />
          <Facts
            items={[
              [t('density'), fixed(num(reading, 'density'), 1, 'kg/m³')],
              [t('temperature'), fixed(num(reading, 'temperature'), 1, '°C')],
              [t('inventory'), fixed(num(reading, 'volumeInventory'), 0, 'L')],
            ]}
          />
        </>
      );
    case 'temperature':
      return <LinearGauge value={num(reading, 'temperature')} {...temperatureGauge(label)} label={t('temperature')} />;
    case 'gps': {
      const kmh = num(reading, 'speed');
      const knots = kmh === null ? null : kmh * KMH_TO_KNOTS;
      return (
        <>
          <DialGauge value={knots} max={speedScaleKnots(knots)} unit="kn" label={t('speed')} decimals={1} />
          <Facts
            items={[
              [t('latitude'), fixed(num(reading, 'latitude'), 5)],
              [t('longitude'), fixed(num(reading, 'longitude'), 5)],
              [t('heading'), fixed(num(reading, 'track'), 0, '°')],
            ]}
          />
        </>
      );
    }
    case 'gateway':
      return (
        <div className="gauge-rows">
          <PercentRow label="CPU" value={num(reading, 'cpuUsage')} />
          <PercentRow label={t('memoryFree')} value={num(reading, 'memoryFree')} />
          <PercentRow label={t('diskFree')} value={num(reading, 'spaceFree')} />
          <Facts items={[[t('battery'), fixed(num(reading, 'battery'), 0, '%')]]} />
        </div>
      );
    case 'power':
    case 'battery':
      return (
        <div className="gauge-rows">
          <Facts
            items={[
              [
                t('acPower'),
                <Flag key="ac" value={num(reading, 'onAc')} on={t('onAc')} off={t('offAc')} onColor="green" />,
              ],
              [
                t('battery'),
                <Flag
                  key="bf"
                  value={num(reading, 'batteryFail')}
                  on={t('batteryFail')}
                  off={t('batteryOk')}
                  onColor="red"
                />,
              ],
              [t('voltage'), fixed(num(reading, 'batteryVoltage'), 2, 'V')],
            ]}
          />
        </div>
      );
    case 'tank':
      return (
        <div className="gauge-rows">
          <div className="linear-gauge-value">{fixed(num(reading, 'level'), 0, 'mm')}</div>
          <div className="gauge-caption">{t('level')}</div>
          <Facts
            items={[
              [t('volume'), fixed(num(reading, 'volume'), 0, 'L')],
              [t('temperature'), fixed(num(reading, 'temperature'), 1, '°C')],
            ]}
          />
        </div>
      );
    default:
      return <div className="gauge-caption">{t('noGauge')}</div>;
  }
}
