/** Gauge scales and reading ages (docs/domain.md §22). */

import { text } from '../../api/i18n.ts';
import { gaugeTexts } from './texts.ts';

/** Seconds after which a device's latest reading shows as offline (spec 002 §9, docs/domain.md §19). */
export const OFFLINE_AFTER_SECONDS = 600;

/** km/h → knots (docs/domain.md §4). */
export const KMH_TO_KNOTS = 0.539957;

/** Spec 000 §9: temperature gauge 0–220 °C, red above 100. */
export const TEMPERATURE_GAUGE = { min: 0, max: 220, redFrom: 100 } as const;

/**
 * Exhaust gas runs at 300–450 °C, beyond the spec's 0–220 scale: an EXHAUST_TEMPERATURE device's gauge runs 0–600 °C,
 * red above 450 (docs/domain.md §22, docs/spec-deviations.md).
 */
export const EXHAUST_TEMPERATURE_GAUGE = { min: 0, max: 600, redFrom: 450 } as const;

/** The line gauge scale of a temperature device by its label. */
export const temperatureGauge = (label: unknown) =>
  label === 'EXHAUST_TEMPERATURE' ? EXHAUST_TEMPERATURE_GAUGE : TEMPERATURE_GAUGE;

/** The smallest of 1, 2, 2.5, 5 × 10^k that is ≥ x (x > 0); `floor` when x is smaller or not a number. */
export function niceCeil(x: number, floor = 1): number {
  if (!Number.isFinite(x) || x <= floor) return floor;
  const k = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * k >= x) return m * k;
  return 10 * k;
}

/**
 * The RPM dial's full scale (docs/domain.md §22): the engine's rated rpm is not in the data, so the dial runs to the
 * highest rpm the device reported in the last 30 days rounded up (niceCeil), at least 1 000; the running threshold
 * (Config RPM minimum, 400 by default) starts the green band.
 */
export function rpmScale(highest30d: number | null | undefined): number {
  return niceCeil(highest30d ?? 0, 1000);
}

/** The flow-rate dial's full scale: the highest flow rate of the last 30 days rounded up, at least 100 L/h. */
export function flowScale(highest30d: number | null | undefined): number {
  return niceCeil(highest30d ?? 0, 100);
}

/** The speed dial's full scale in knots: 30 kn, larger when the vessel reported more. */
export function speedScaleKnots(highestKnots: number | null | undefined): number {
  return niceCeil(highestKnots ?? 0, 30);
}

/** Age of a reading in seconds at `now` (both epoch seconds); never negative. */
export const readingAge = (timestamp: number, now: number) => Math.max(0, Math.floor(now - timestamp));

/** 'just now', '2 min ago', '3 h ago', '4 d ago' (in the language in force at the call). */
export function ageText(seconds: number): string {
  if (seconds < 60) return text(gaugeTexts, 'justNow');
  if (seconds < 3600) return text(gaugeTexts, 'minutesAgo', { n: Math.floor(seconds / 60) });
  if (seconds < 86400) return text(gaugeTexts, 'hoursAgo', { n: Math.floor(seconds / 3600) });
  return text(gaugeTexts, 'daysAgo', { n: Math.floor(seconds / 86400) });
}

export const isOffline = (seconds: number) => seconds > OFFLINE_AFTER_SECONDS;
