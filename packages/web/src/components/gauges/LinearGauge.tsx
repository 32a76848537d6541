import './gauges.css';
import { useTexts } from '../../api/i18n.ts';
import { qty } from '../format.ts';
import { gaugeTexts } from './texts.ts';

/**
 * A horizontal thermometer (spec 000 §2 "linear temperature gauge"): `min` to `max`, the bar red from `redFrom`.
 */
export function LinearGauge({
  value,
  min = 0,
  max = 220,
  redFrom = 100,
  unit = '°C',
  label,
}: {
  value: number | null;
  min?: number;
  max?: number;
  redFrom?: number;
  unit?: string;
  label: string;
}) {
  const t = useTexts(gaugeTexts);
  const pct = value === null ? 0 : Math.min(100, Math.max(0, ((value - min) / (max - min)) * 100));
  const hot = value !== null && value > redFrom;
  const redStart = ((redFrom - min) / (max - min)) * 100;
  const ticks = [min, (min + max) / 4, (min + max) / 2, ((min + max) * 3) / 4, max];
  return (
    <div
      className="linear-gauge"
      role="img"
      aria-label={
        value === null ? t('gaugeNoReading', { label }) : t('gaugeValue', { label, value: qty(value, unit, 1) })
      }
    >
      <div className="linear-gauge-value" data-hot={hot || undefined}>
        {value === null ? '—' : qty(value, unit, 1)}
      </div>
      <div className="linear-gauge-track">
        <div className="linear-gauge-red" style={{ left: `${redStart}%` }} />
        <div className={`linear-gauge-bar${hot ? ' is-hot' : ''}`} style={{ width: `${pct}%` }} />
      </div>
      <div className="linear-gauge-ticks">
        {ticks.map((t) => (
          <span key={t}>{Math.round(t)}</span>
        ))}
      </div>
      <div className="linear-gauge-label">{label}</div>
    </div>
  );
}
