import type { ResourceDef } from '@fleet/shared/resources/define.ts';
import { fuelType } from '@fleet/shared/resources/fuel-type.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, jsonResponse } from '../../test/setup.ts';
import { csvText } from '../csv.ts';
import { fetchAllRows, resourceFileName, resourceSheet } from './export.ts';

const def = fuelType as unknown as ResourceDef;
const row = (i: number) => ({
  mftyId: i,
  mftyName: `Fuel, ${i}`,
  mftyCo2Factor: '3.206',
  mftyDensity: 0.845,
  mftyCreatedUserId: 'admin@fleet.demo',
  mftyCreatedTime: '2026-01-05T03:00:00.000Z',
});

/** A /api/master/fuel_type that pages like the server, and the pages asked for. */
function fakeList(count: number) {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://t');
    asked.push(url.search);
    const page = Number(url.searchParams.get('page'));
    const max = Number(url.searchParams.get('max'));
    const all = Array.from({ length: count }, (_, i) => row(i + 1));
    return jsonResponse(envelope(all.slice((page - 1) * max, page * max), { pagination: { totalData: count } }));
  });
  return asked;
}

afterEach(() => vi.restoreAllMocks());

describe('admin list download (issue 31)', () => {
  it("writes a list's own cell where its render differs from the definition", () => {
    const sheet = resourceSheet(def, ['mftyName', 'mftyDensity'], ['Name', 'Density'], [row(1)], {
      mftyName: (v) => `${v} (own)`,
    });
    expect(sheet).toEqual([
      ['Name', 'Density'],
      ['Fuel, 1 (own)', 0.845],
    ]);
  });

  it('writes the header the list shows and each row with numbers as numbers', () => {
    const cols = ['mftyName', 'mftyCo2Factor', 'mftyDensity'];
    const sheet = resourceSheet(def, cols, ['Name', 'CO2 Factor', 'Density'], [row(1)]);
    expect(sheet).toEqual([
      ['Name', 'CO2 Factor', 'Density'],
      ['Fuel, 1', 3.206, 0.845],
    ]);
    // RFC 4180: the comma in the name quotes it, CRLF ends each line, numbers with a point
    expect(csvText(sheet)).toBe('Name,CO2 Factor,Density\r\n"Fuel, 1",3.206,0.845\r\n');
  });

  it('reads every page with the filters applied, and says when the cap cut it', async () => {
    const asked = fakeList(5);
    const all = await fetchAllRows(def, { findField: 'mftyName', findValue: 'Fuel' }, 100, 2);
    expect(all.rows.map((r) => r.mftyId)).toEqual([1, 2, 3, 4, 5]);
    expect(all.capped).toBe(false);
    expect(asked.length).toBe(3);
    expect(asked[0]).toContain('findValue=Fuel');
    vi.restoreAllMocks();
    fakeList(5);
    const capped = await fetchAllRows(def, {}, 3, 2);
    expect(capped.rows.length).toBe(3);
    expect(capped).toMatchObject({ total: 5, capped: true });
  });

  it('names the file by the list, its filters and search', () => {
    expect(resourceFileName('Fuel Types', ['HSD', '', 'a/b'], 'csv')).toMatch(/^Fuel Types_HSD_a-b_\d{8}\.csv$/);
  });
});
