import type { EventRow } from '@fleet/shared/answers/events.ts';
import { text } from '../../api/i18n.ts';
import { at } from '../../api/zone.ts';
import type { Cell } from '../../components/xlsx.ts';
import { formatDuration, reasonValues } from './event-log-format.ts';
import { eventLogTexts } from './texts.ts';

/**
 * The Event Log as a sheet (issue 31): the list's columns with the texts it shows, in the language in force; the
 * fuel-watch reason in a column of its own (the list writes it under the type).
 */
export function eventSheet(rows: EventRow[]): Cell[][] {
  const t = (key: keyof typeof eventLogTexts.en & string, values?: Record<string, string | number>) =>
    text(eventLogTexts, key, values);
  return [
    [t('dateTime'), t('eventType'), t('reason'), t('status'), t('priority'), t('duration')],
    ...rows.map((r): Cell[] => [
      at(Date.parse(r.evntTimestamp)).format('YYYY-MM-DD HH:mm:ss'),
      r.evntMevt?.mevtType ?? null,
      r.evntReason
        ? t(
            r.evntReason.key as keyof typeof eventLogTexts.en & string,
            reasonValues(r.evntReason, (side) => (side === 'PORT' || side === 'STARBOARD' ? t(side) : side)),
          )
        : null,
      r.evntStatus === 1 ? t('active') : t('nonActive'),
      r.evntIsPriority === 1 ? t('high') : t('normal'),
      formatDuration(r.evntDuration),
    ]),
  ];
}
