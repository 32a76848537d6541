import type { PulseRow } from '@fleet/shared/answers/pulse.ts';
import { describe, expect, it } from 'vitest';
import { currentData, mergePulse } from './pulse.ts';

const row = (id: string, ts: number, extra: Partial<PulseRow> = {}): PulseRow => ({
  deviceId: id,
  devcId: 1,
  devcUniqueId: id,
  datetime: '',
  online: true,
  devcType: 'rpm',
  devcLabel: 'PORT',
  devcMassId: 1,
  timestamp: ts,
  ...extra,
});

describe('dashboard current data', () => {
  it('takes newer pushed readings of the asset and ignores older ones and other assets', () => {
    const merged = mergePulse(
      [row('rpm-1', 100, { rpm: 500 })],
      [row('rpm-1', 160, { rpm: 900 }), row('rpm-1', 50, { rpm: 1 }), row('rpm-9', 200, { devcMassId: 2 })],
      1,
    );
    expect(merged).toEqual([row('rpm-1', 160, { rpm: 900 })]);
  });
  it('reads each side from its own devices, never the return meter', () => {
    const rows = [
      row('rpm-x-1', 1, { rpm: 800 }),
      row('fm-x-r-1', 1, { devcType: 'flowmeter', devcLabel: 'PORT_OUT', volumeFlowrate: 5 }),
      row('fm-x-1', 1, { devcType: 'flowmeter', devcLabel: 'PORT_IN', volumeFlowrate: 120, density: 850 }),
      row('temp-x-exh-3', 1, { devcType: 'temperature', devcLabel: 'EXHAUST_TEMPERATURE', temperature: 350 }),
    ];
    expect(currentData(rows, 'PORT')).toMatchObject({ rpm: 800, flowrate: 120, density: 850, exhaustTemp: null });
    expect(currentData(rows, 'STARBOARD')).toMatchObject({ rpm: null, exhaustTemp: 350 });
  });
});
