import type { BunkerLogRow } from '@fleet/shared/answers/resource-rows.ts';
import { TOLERANCE_TEXT } from '../../api/bunker.ts';
import { text } from '../../api/i18n.ts';
import { BUNKER_DIGITS, type BunkerUnit, formatDateTime } from '../../components/format.ts';
import { type Cell, xlsxNumber } from '../../components/xlsx.ts';
import { bunkerTexts } from './texts.ts';

/** Litres in the unit the list shows, a number rounded as the list rounds it at most. */
const inUnit = (litres: number | null | undefined, unit: BunkerUnit) =>
  xlsxNumber(litres == null ? null : unit === 'kl' ? litres / 1000 : litres, BUNKER_DIGITS[1]);

/**
 * The Bunkering Log as a sheet (issue 31): the list's columns in its order and unit (sounding columns when shown),
 * quantities as numbers, the tolerance band and the reset flag as the list's tags say them.
 */
export function bunkerLogSheet(rows: BunkerLogRow[], unit: BunkerUnit, sounding: boolean): Cell[][] {
  const t = (key: keyof typeof bunkerTexts.en & string, values?: Record<string, string>) =>
    text(bunkerTexts, key, values);
  const u = { unit: unit === 'kl' ? 'KL' : 'L' };
  return [
    [
      t('colNo'),
      t('vessel'),
      t('location'),
      t('fuelType'),
      t('type'),
      t('startTime'),
      t('endTime'),
      t('colTarget', u),
      ...(sounding ? [t('colStartSounding', u), t('colEndSounding', u)] : []),
      t('colFinalBunker', u),
      t('tolerance'),
      t('reseted'),
    ],
    ...rows.map((r, i): Cell[] => [
      i + 1,
      r.bklgMass?.massName ?? null,
      r.bklgMblo?.mbloName ?? null,
      r.bklgMfty?.mftyName ?? null,
      r.bklgType,
      formatDateTime(r.bklgStartDatetime),
      formatDateTime(r.bklgEndDatetime),
      inUnit(r.bklgTargetBunker, unit),
      ...(sounding ? [inUnit(r.bklgStartSounding, unit), inUnit(r.bklgEndSounding, unit)] : []),
      inUnit(r.bklgSummary?.finalBunker, unit),
      r.bklgSummary?.toleranceBand ? TOLERANCE_TEXT[r.bklgSummary.toleranceBand].label : null,
      r.bklgSummary?.flagReset === 1 ? t('reseted') : null,
    ]),
  ];
}
