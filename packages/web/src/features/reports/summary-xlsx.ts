import type { Summary } from '@fleet/shared/answers/summary.ts';
import { at } from '../../api/zone.ts';
import { type Cell, saveXlsx, xlsxFileName } from '../../components/xlsx.ts';

const r2 = (v: number | null | undefined) => (v == null || !Number.isFinite(v) ? null : Math.round(v * 100) / 100);

/** The Report Summary's figures as the sheet 'Asset Summary': one line per figure, as the cards show them. */
export function summaryRows(s: Summary, assetName: string): Cell[][] {
  const fm = s.flowmeter?.summary;
  const rpm = s.rpm?.summary;
  const co2 = fm?.co2Emitted;
  return [
    ['Item', 'Value', 'Unit'],
    ['Asset', assetName, null],
    ['Start', at(s.start * 1000).format('DD-MM-YYYY HH:mm'), null],
    ['End', at(s.end * 1000).format('DD-MM-YYYY HH:mm'), null],
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

export async function downloadSummaryXlsx(s: Summary, assetName: string) {
  await saveXlsx(summaryRows(s, assetName), 'Asset Summary', xlsxFileName(assetName, s.start * 1000, s.end * 1000));
}
