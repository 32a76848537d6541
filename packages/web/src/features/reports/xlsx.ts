import dayjs from 'dayjs';
import type { Summary } from './data.ts';

export type Cell = string | number | null;

/** Spec 002 §7.3: files named with the asset name and the start and end dates. */
export function xlsxFileName(assetName: string, startMs: number, endMs: number): string {
  const safe = assetName.replace(/[\\/:*?"<>|]+/g, '-').trim() || 'asset';
  return `${safe}_${dayjs(startMs).format('DD-MM-YYYY')}_${dayjs(endMs).format('DD-MM-YYYY')}.xlsx`;
}

/**
 * Writes rows to a real .xlsx in the browser; write-excel-file is loaded on the first download (docs/decisions.md
 * "Fleet map and live push (issue 13)", Spreadsheets).
 */
export async function saveXlsx(rows: Cell[][], sheet: 'Data' | 'Asset Summary', fileName: string): Promise<void> {
  const { default: writeExcelFile } = await import('write-excel-file/browser');
  const header = rows[0] ?? [];
  const data = rows.map((r, i) =>
    r.map((v) => (i === 0 ? { value: v ?? '', fontWeight: 'bold' as const } : v == null ? null : { value: v })),
  );
  await writeExcelFile(data as never, {
    sheet,
    stickyRowsCount: 1,
    columns: header.map(() => ({ width: 18 })),
  }).toFile(fileName);
}

const r2 = (v: number | null | undefined) => (v == null || !Number.isFinite(v) ? null : Math.round(v * 100) / 100);

/** The Report Summary's figures as the sheet 'Asset Summary': one line per figure, as the cards show them. */
export function summaryRows(s: Summary, assetName: string, co2: number | null): Cell[][] {
  const fm = s.flowmeter?.summary;
  const rpm = s.rpm?.summary;
  return [
    ['Item', 'Value', 'Unit'],
    ['Asset', assetName, null],
    ['Start', dayjs(s.start * 1000).format('DD-MM-YYYY HH:mm'), null],
    ['End', dayjs(s.end * 1000).format('DD-MM-YYYY HH:mm'), null],
    ['Port Average RPM', r2(rpm?.PORT?.average), 'RPM'],
    ['Port Running Hours', r2(rpm?.PORT?.runningHours), 'h'],
    ['Starboard Average RPM', r2(rpm?.STARBOARD?.average), 'RPM'],
    ['Starboard Running Hours', r2(rpm?.STARBOARD?.runningHours), 'h'],
    ['AE 1 Running Hours', r2(s.ae?.AE1?.runningTime), 'h'],
    ['AE 2 Running Hours', r2(s.ae?.AE2?.runningTime), 'h'],
    ['AE 3 Running Hours', r2(s.ae?.AE3?.runningTime), 'h'],
    ['ME Fuel Consumption', r2(fm?.meEngineCons), 'L'],
    ['AE Fuel Consumption', r2(fm?.aeEngineCons ?? s.ae?.totalFuelConsumption), 'L'],
    ['Total Fuel Consumption', r2(fm?.totalFuelCons), 'L'],
    ['CO₂ emitted', co2 == null ? null : Math.round(co2 * 1000) / 1000, 't'],
    ['Average Speed', r2(s.gps?.summary.averageSpeedKnot), 'knot'],
    ['Total Cruise', r2(s.gps?.summary.totalCruise), 'NM'],
  ];
}

export async function downloadSummaryXlsx(s: Summary, assetName: string, co2: number | null) {
  await saveXlsx(
    summaryRows(s, assetName, co2),
    'Asset Summary',
    xlsxFileName(assetName, s.start * 1000, s.end * 1000),
  );
}
