import { describe, expect, it } from 'vitest';
import '../../test/setup.ts';
import { setZone } from '../../api/zone.ts';
import { csvText } from '../../components/csv.ts';
import { fuel, leg, T0 } from './legs.fixture.ts';
import { legRows } from './legs-export.ts';

describe('the legs as XLSX/CSV rows', () => {
  it('writes the header with units, one row per leg rounded as shown, and the total row', () => {
    setZone('Asia/Jakarta');
    const rows = legRows({
      legs: [
        leg({}),
        leg({
          id: 'b',
          kind: 'berth',
          start: T0 + 3600,
          end: T0 + 7200,
          toPlace: 'Merak',
          fromPlace: 'Merak',
          corrected: true,
          me: fuel(null),
          totalLitres: null,
          litresPerNm: null,
          litresPerHour: null,
          co2Tonnes: null,
          avgSpeedKn: null,
        }),
      ],
      totals: { distanceNm: 10.555, underwaySeconds: 3300, totalLitres: 270.44, co2Tonnes: 0.72333 },
    });
    expect(rows[0]).toEqual([
      'No.',
      'Kind',
      'From',
      'To',
      'Departure',
      'Arrival',
      'Duration (h)',
      'Distance (NM)',
      'Under way (h)',
      'ME fuel (L)',
      'AE fuel (L)',
      'Total fuel (L)',
      'L/NM',
      'L/h',
      'Avg speed (kn)',
      'CO₂ (t)',
      'Corrected',
    ]);
    expect(rows[1]).toEqual([
      1,
      'Under way',
      'Tanjung Priok',
      'Merak',
      '2027-01-15 15:00',
      '2027-01-15 16:00',
      1,
      10.56,
      0.92,
      250.4,
      20,
      270.4,
      25.62,
      270.4,
      11.5,
      0.723,
      'no',
    ]);
    // a figure the server could not compute is an empty cell, not 0
    expect(rows[2].slice(9, 17)).toEqual([null, 20, null, null, null, null, null, 'yes']);
    expect(rows[3]).toEqual(['Total', '', '', '', '', '', '', 10.56, 0.92, '', '', 270.4, '', '', '', 0.723, '']);
  });

  it('quotes CSV fields with commas, quotes or line breaks (RFC 4180)', () => {
    expect(
      csvText([
        ['a', 'b,c', 'say "hi"', null, 1.5],
        ['x\ny', '', 2],
      ]),
    ).toBe('a,"b,c","say ""hi""",,1.5\r\n"x\ny",,2\r\n');
  });
});
