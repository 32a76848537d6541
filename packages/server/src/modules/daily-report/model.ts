import { REPORT_KEYS, type ReportModel } from '@fleet/shared/answers/daily-report.ts';
import type { Language } from '../../i18n/language.ts';
import { textsIn } from '../../i18n/texts.ts';
import { type DraftPage, type ReportDraft, toModel } from './draft.ts';
import { dateTime, periodText, reportFileName, timezoneLabel } from './format.ts';
import type { ModelInput } from './model-input.ts';
import { pageContext } from './pages/context.ts';
import { PAGES } from './pages/index.ts';
import { reportTexts } from './report-texts.ts';

/**
 * The daily report as data (spec 002 §2.3): the pages asked for, in the order of REPORT_KEYS, each a list of blocks
 * (tables, chart SVGs, map SVGs). The PDF (pdf.ts) and the Daily Report screen (GET …/report/pages, drawn by the web
 * app) both draw this one model, so the screen and the file show the same numbers, charts and map. Every number is
 * a summary API number for the same period (docs/domain.md §31). Its texts, numbers and dates are written in
 * `language` (issue 27): the requesting user's for a download or the screen, the recipient's for a mail.
 * The screen's model, with its charts and maps as SVG.
 */
export const buildModel = (input: ModelInput, language: Language = 'en'): ReportModel =>
  toModel(buildDraft(input, language));

/** The report with its charts and maps not drawn yet (draft.ts): what the PDF is drawn from. */
export function buildDraft(input: ModelInput, language: Language = 'en'): ReportDraft {
  const { summary: s, now } = input;
  const tz = s.timezone;
  const t = textsIn(reportTexts, language);
  const pages: DraftPage[] = [];
  if (s.maintenance)
    pages.push({
      key: 'maintenance',
      title: t('underMaintenance'),
      blocks: [
        {
          kind: 'notice',
          text: t('maintenanceNotice', {
            vessel: s.massName,
            reason: t(s.maintenanceFlag ? 'maintenanceFlagged' : 'maintenanceNoData'),
          }),
        },
      ],
    });
  else {
    const context = pageContext(input, language);
    for (const key of REPORT_KEYS) if (input.reports.includes(key)) pages.push(...PAGES[key](context));
  }
  return {
    massId: s.massId,
    massName: s.massName,
    start: s.start,
    end: s.end,
    timezone: tz,
    timezoneLabel: timezoneLabel(tz),
    rangeText: periodText(s.start, s.end, tz, language),
    dataText:
      s.firstData == null
        ? t('noData')
        : `${dateTime(s.firstData, tz, language)} – ${dateTime(s.lastData, tz, language)}`,
    generatedAt: now,
    generatedText: dateTime(now, tz, language),
    maintenance: s.maintenance,
    fileName: reportFileName(s.massName, s.start, s.end, tz, language),
    pages,
  };
}
