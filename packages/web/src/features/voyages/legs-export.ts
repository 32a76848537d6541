import type { Leg, VoyagesAnswer } from '@fleet/shared/answers/voyages.ts';
import { text } from '../../api/i18n.ts';
import { at } from '../../api/zone.ts';
import { type Cell, xlsxNumber } from '../../components/xlsx.ts';
import { voyagesTexts } from './texts.ts';

/**
 * The legs as a sheet (XLSX and CSV, issue 30): a header row with the units, one row per leg, a total row. Numbers are
 * number cells rounded as the screen shows them; times in the company's zone.
 */

const t = (key: keyof typeof voyagesTexts.en) => text(voyagesTexts, key);
const time = (sec: number) => at(sec * 1000).format('YYYY-MM-DD HH:mm');
const hours = (sec: number) => xlsxNumber(sec / 3600, 2);

export const legKindText = (kind: Leg['kind']) => t(kind);

export function legRows(answer: Pick<VoyagesAnswer, 'legs' | 'totals'>): Cell[][] {
  const header = [
    t('number'),
    t('kind'),
    t('from'),
    t('to'),
    t('departure'),
    t('arrival'),
    t('durationHours'),
    t('distance'),
    t('underwayHours'),
    t('meFuel'),
    t('aeFuel'),
    t('totalFuel'),
    t('litresPerNm'),
    t('litresPerHour'),
    t('avgSpeed'),
    t('co2'),
    t('corrected'),
  ];
  const rows: Cell[][] = answer.legs.map((l, i) => [
    i + 1,
    legKindText(l.kind),
    l.fromPlace ?? '',
    l.toPlace ?? '',
    time(l.start),
    time(l.end),
    hours(l.durationSeconds),
    xlsxNumber(l.distanceNm, 2),
    hours(l.underwaySeconds),
    xlsxNumber(l.me.litres, 1),
    xlsxNumber(l.ae.litres, 1),
    xlsxNumber(l.totalLitres, 1),
    xlsxNumber(l.litresPerNm, 2),
    xlsxNumber(l.litresPerHour, 1),
    xlsxNumber(l.avgSpeedKn, 1),
    xlsxNumber(l.co2Tonnes, 3),
    l.corrected ? t('yes') : t('no'),
  ]);
  const totals = answer.totals;
  const total: Cell[] = [
    t('total'),
    '',
    '',
    '',
    '',
    '',
    '',
    xlsxNumber(totals.distanceNm, 2),
    hours(totals.underwaySeconds),
    '',
    '',
    xlsxNumber(totals.totalLitres, 1),
    '',
    '',
    '',
    xlsxNumber(totals.co2Tonnes, 3),
    '',
  ];
  return [header, ...rows, total];
}
