import { afterEach, describe, expect, it } from 'vitest';
import { setZone } from '../../api/zone.ts';
import { csvText } from '../../components/csv.ts';
import { robLedgerSheet } from './rob-ledger-export.ts';

afterEach(() => setZone(null));

describe('ROB ledger download (issue 31)', () => {
  it('writes the ledger columns with litres as numbers, the whole note', () => {
    setZone('Asia/Jakarta');
    const sheet = robLedgerSheet([
      // 1772326800 = 2026-03-01 01:00 UTC = 08:00 in Jakarta
      {
        key: '1772326800-fuelcons',
        time: 1772326800,
        type: 'fuelcons',
        entry: { note: 'Fuel use, ME "port"', inventoryChange: -1234.56789, endInventory: -500.25 },
      },
      {
        key: '1772326800-bunker',
        time: 1772326800,
        type: 'bunker',
        entry: { note: 'IN', inventoryChange: 76838.25, endInventory: 76338 },
      },
    ]);
    expect(sheet[0]).toEqual(['Time', 'Type', 'Note', 'Addition (L)', 'Reduction (L)', 'ROB Balance (L)']);
    expect(sheet[1]).toEqual([
      '01-03-2026 08:00',
      'Fuel Consumption',
      'Fuel use, ME "port"',
      null,
      1234.56789,
      -500.25,
    ]);
    expect(sheet[2].slice(3)).toEqual([76838.25, null, 76338]);
    expect(csvText(sheet).split('\r\n')[1]).toBe(
      '01-03-2026 08:00,Fuel Consumption,"Fuel use, ME ""port""",,1234.56789,-500.25',
    );
  });
});
