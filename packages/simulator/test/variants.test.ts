import { TELEMETRY_TYPES, telemetryType } from '@fleet/shared/telemetry.ts';
import { describe, expect, it } from 'vitest';
import { benchFleet, generateReadings, type Reading } from '../src/index.ts';
import type { VesselSpec } from '../src/vessel.ts';
import { DAY, fleet, maintenanceVessel, noFlowMeter, singleEngine, T0 } from './fleet.ts';

const readingsOf = (vessels: VesselSpec[], days = 1) =>
  [...generateReadings({ seed: 'demo', vessels, start: T0, end: T0 + days * DAY })].flat();

const emitted = (readings: Reading[]) => new Set(readings.map((r) => r.device));

describe('vessel variants', () => {
  it('a vessel in service reports from every device it carries', () => {
    for (const spec of fleet.filter((v) => !v.variant.maintenance)) {
      expect([...emitted(readingsOf([spec]))].sort(), spec.code).toEqual(spec.devices.map((d) => d.uniqueId).sort());
    }
  }, 120_000);

  it('a vessel under maintenance reports only its gateway and the gateway power supply — no engine or fuel data', () => {
    const spec = maintenanceVessel();
    const types = new Set(readingsOf([spec], 3).map((r) => spec.devices.find((d) => d.uniqueId === r.device)?.type));
    expect([...types].sort()).toEqual(['gateway', 'power']);
  }, 60_000);

  it('a single-engine vessel has one RPM and one supply/return pair; a vessel without flow meters sends no fuel flow', () => {
    const single = singleEngine();
    const rpm = readingsOf([single]).filter((r) => single.devices.find((d) => d.uniqueId === r.device)?.type === 'rpm');
    expect(new Set(rpm.map((r) => r.device)).size).toBe(1);
    expect(rpm.some((r) => r.data.rpm > 0)).toBe(true);
    const dry = noFlowMeter();
    const types = new Set(readingsOf([dry]).map((r) => dry.devices.find((d) => d.uniqueId === r.device)?.type));
    expect(types.has('flowmeter')).toBe(false);
    expect(types.has('rpm')).toBe(true);
  }, 60_000);

  it('every reading would pass ingest validation: known data keys of its device type, values within range', () => {
    const problems: string[] = [];
    const types = new Map(fleet.flatMap((v) => v.devices.map((d) => [d.uniqueId, d.type] as const)));
    for (const r of readingsOf(fleet, 2)) {
      const def = TELEMETRY_TYPES[telemetryType(types.get(r.device)) ?? 'gps'];
      for (const [key, value] of Object.entries(r.data)) {
        const metric = def.metrics.find((m) => m.key === key);
        if (!metric) problems.push(`${r.device}: unknown key ${key}`);
        else if (!(value >= metric.min && value <= metric.max)) problems.push(`${r.device}: ${key}=${value}`);
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
  }, 120_000);
});

describe('benchmark fleet', () => {
  it('n vessels with unique bench- device ids, every device fed', () => {
    const bench = benchFleet(10);
    expect(bench).toHaveLength(10);
    const ids = bench.flatMap((v) => v.devices.map((d) => d.uniqueId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id.startsWith('bench-'))).toBe(true);
    expect(bench.some((v) => v.devices.some((d) => d.label === 'BUNKER_IN'))).toBe(true);
    const readings = [...generateReadings({ seed: 'bench', vessels: bench, start: T0, end: T0 + 6 * 3600 })].flat();
    expect(emitted(readings).size).toBe(ids.length);
  }, 120_000);
});
