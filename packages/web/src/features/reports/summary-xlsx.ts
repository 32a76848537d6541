import type { Summary } from '@fleet/shared/answers/summary.ts';
import { text } from '../../api/i18n.ts';
import { at } from '../../api/zone.ts';
import { csvFileName, saveCsv } from '../../components/csv.ts';
import { type Cell, saveXlsx, xlsxFileName } from '../../components/xlsx.ts';
import { reportsTexts } from './texts.ts';

const r2 = (v: number | null | undefined) => (v == null || !Number.isFinite(v) ? null : Math.round(v * 100) / 100);

/**
 * The Report Summary's figures as the sheet 'Asset Summary': one line per figure, as the cards show them; in the
 * language in force.
 */
export function summaryRows(s: Summary, assetName: string): Cell[][] {
  const fm = s.flowmeter?.summary;
  const rpm = s.rpm?.summary;
  const co2 = fm?.co2Emitted;
  const t = (key: keyof typeof reportsTexts.en, values?: Record<string, number>) => text(reportsTexts, key, values);
  return [
    [t('xlsxItem'), t('xlsxValue'), t('xlsxUnit')],
    [t('xlsxAsset'), assetName, null],
    [t('xlsxStart'), at(s.start * 1000).format('DD-MM-YYYY HH:mm'), null],
    [t('xlsxEnd'), at(s.end * 1000).format('DD-MM-YYYY HH:mm'), null],
    [t('portAverageRpm'), r2(rpm?.PORT?.average), 'RPM'],
    [t('portRunningHours'), r2(rpm?.PORT?.runningHours), 'h'],
    [t('starboardAverageRpm'), r2(rpm?.STARBOARD?.average), 'RPM'],
    [t('starboardRunningHours'), r2(rpm?.STARBOARD?.runningHours), 'h'],
    [t('aeRunningHours', { number: 1 }), r2(s.ae?.AE1?.runningTime), 'h'],
    [t('aeRunningHours', { number: 2 }), r2(s.ae?.AE2?.runningTime), 'h'],
    [t('aeRunningHours', { number: 3 }), r2(s.ae?.AE3?.runningTime), 'h'],
    [t('xlsxMeFuel'), r2(fm?.meEngineCons), 'L'],
    [t('xlsxAeFuel'), r2(fm?.aeEngineCons ?? s.ae?.totalFuelConsumption), 'L'],
    [t('xlsxTotalFuel'), r2(fm?.totalFuelCons), 'L'],
    [t('xlsxCo2'), co2 == null ? null : Math.round(co2 * 1000) / 1000, 't'],
    [t('xlsxAverageSpeed'), r2(s.gps?.summary.averageSpeedKnot), 'knot'],
    [t('xlsxTotalCruise'), r2(s.gps?.summary.totalCruise), 'NM'],
  ];
}

export async function downloadSummaryXlsx(s: Summary, assetName: string) {
  // the sheet is named in the language in force ('Ringkasan Aset'): components/xlsx.ts (SheetName)
  await saveXlsx(summaryRows(s, assetName), 'Asset Summary', xlsxFileName(assetName, s.start * 1000, s.end * 1000));
}

/** The same rows as CSV (issue 31), named as the XLSX. */
export function downloadSummaryCsv(s: Summary, assetName: string) {
  saveCsv(summaryRows(s, assetName), csvFileName(xlsxFileName(assetName, s.start * 1000, s.end * 1000)));
}
