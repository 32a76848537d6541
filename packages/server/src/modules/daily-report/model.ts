import { REPORT_KEYS, type ReportModel, type ReportPage } from '@fleet/shared/answers/daily-report.ts';
import { dateTime, periodText, reportFileName, timezoneLabel } from './format.ts';
import type { ModelInput } from './model-input.ts';
import { pageContext } from './pages/context.ts';
import { PAGES } from './pages/index.ts';

/**
 * The daily report as data (spec 002 §2.3): the pages asked for, in the order of REPORT_KEYS, each a list of blocks
 * (tables, chart SVGs, map SVGs). The PDF (pdf.ts) and the Daily Report screen (GET …/report/pages, drawn by the web
 * app) both draw this one model, so the screen and the file show the same numbers, charts and map. Every number is
 * a summary API number for the same period (docs/domain.md §31).
 */
export function buildModel(input: ModelInput): ReportModel {
  const { summary: s, now } = input;
  const tz = s.timezone;
  const pages: ReportPage[] = [];
  if (s.maintenance)
    pages.push({
      key: 'maintenance',
      title: 'Under Maintenance',
      blocks: [
        {
          kind: 'notice',
          text: `${s.massName} is under maintenance: ${
            s.maintenanceFlag
              ? 'the vessel is flagged as under maintenance'
              : 'no RPM, auxiliary engine or flow meter data in this period'
          }. The daily report is not made for it.`,
        },
      ],
    });
  else {
    const context = pageContext(input);
    for (const key of REPORT_KEYS) if (input.reports.includes(key)) pages.push(...PAGES[key](context));
  }
  return {
    massId: s.massId,
    massName: s.massName,
    start: s.start,
    end: s.end,
    timezone: tz,
    timezoneLabel: timezoneLabel(tz),
    rangeText: periodText(s.start, s.end, tz),
    dataText: s.firstData == null ? 'No Data' : `${dateTime(s.firstData, tz)} – ${dateTime(s.lastData, tz)}`,
    generatedAt: now,
    generatedText: dateTime(now, tz),
    maintenance: s.maintenance,
    fileName: reportFileName(s.massName, s.start, s.end, tz),
    pages,
  };
}
