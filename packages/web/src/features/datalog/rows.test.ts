import { describe, expect, it } from 'vitest';
import { expectedBuckets, percentage, toRow } from './rows.ts';

const H = 3_600_000;
describe('datalog sensor percentage (docs/domain.md §20)', () => {
  it('expects the buckets of the range up to now', () => {
    expect(expectedBuckets(0, 24 * H, H, 100 * H)).toBe(24);
    expect(expectedBuckets(0, 24 * H, H, 18 * H + 1)).toBe(19); // the started hour counts
    expect(expectedBuckets(10 * H, 24 * H, H, 5 * H)).toBe(0);
  });
  it('is present ÷ expected, at most 100, 0 when nothing is expected', () => {
    expect(percentage(18, 24)).toBe(75);
    expect(percentage(30, 24)).toBe(100);
    expect(percentage(0, 0)).toBe(0);
  });
});

describe('datalog row', () => {
  it('takes each column from the combined bucket, running time in hours', () => {
    const row = toRow(1000, {
      gps: {
        latitude: -6,
        longitude: 106,
        firstLatitude: -6,
        firstLongitude: 106,
        timestamp: 1000,
        speed: 18.52,
        track: 90,
        polyLength: 1852,
      },
      rpm: { PORT: { rpm: 800, runningTime: 1800 }, STARBOARD: null, MAINENGINE: { rpm: 800, runningTime: 1800 } },
      ae: { AE1: { runningTime: 3600, fuelConsumption: 5, additional: { SUM_dlaeRpm_1: 0 } }, AE2: null, AE3: null },
      temperature: {
        EXHAUST_TEMPERATURE: { PORT: 300, STARBOARD: null },
        TEMPERATURE: { PORT: null, STARBOARD: null },
      },
    });
    expect(row).toMatchObject({
      speedKmh: 18.52,
      cruiseM: 1852,
      portRpm: 800,
      portRunningHours: 0.5,
      starboardRpm: null,
      ae1RunningHours: 1,
      ae1FuelConsumption: 5,
      temperatureExhaustPort: 300,
      portVolumeFlowrate: null,
    });
  });
});
