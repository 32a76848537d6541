import type { EmissionsPeriod } from '@fleet/shared/answers/emissions.ts';
import { describe, expect, it } from 'vitest';
import '../../test/setup.ts';
import { csvText } from '../../components/csv.ts';
import { periodRows } from './columns.ts';

const PERIOD: EmissionsPeriod = {
  start: 0,
  end: 86400,
  vessels: [
    {
      massId: 1,
      massName: 'MT "Samudra", Jaya',
      fuelType: { mftyId: 1, name: 'HSD', co2Factor: 3.206, density: 845 },
      fuelLitres: 2950.4,
      fuelTonnes: 2.48984,
      co2Tonnes: 7.98223,
      distanceNm: 120.54,
    },
    {
      massId: 2,
      massName: 'TB 02',
      fuelType: null,
      fuelLitres: null,
      fuelTonnes: null,
      co2Tonnes: null,
      distanceNm: 0,
    },
  ],
  fleet: { fuelLitres: 2950.4, fuelTonnes: 2.48984, co2Tonnes: 7.98223, distanceNm: 120.54, vesselsWithoutCo2: 1 },
};

describe('the emissions downloads', () => {
  it('write numbers rounded as the screen shows them, empty where there is none, then the fleet', () => {
    expect(periodRows(PERIOD)).toEqual([
      ['Vessel', 'Fuel Type', 'Fuel (L)', 'Fuel (t)', 'CO₂ (t)', 'Distance (NM)'],
      ['MT "Samudra", Jaya', 'HSD', 2950, 2.49, 7.982, 120.5],
      ['TB 02', null, null, null, null, 0],
      ['Fleet', null, 2950, 2.49, 7.982, 120.5],
    ]);
  });

  it('quote CSV fields with commas and quotes', () => {
    expect(
      csvText([
        ['a', 1.5, null],
        ['MT "X", Y', 2, 'b'],
      ]),
    ).toBe('a,1.5,\r\n"MT ""X"", Y",2,b\r\n');
  });
});
