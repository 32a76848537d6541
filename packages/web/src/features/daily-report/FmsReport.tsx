import { useTexts } from '../../api/i18n.ts';
import { Page } from '../../components/Page.tsx';
import { DailyReport } from './DailyReport.tsx';
import { dailyReportTexts } from './texts.ts';

/** /report/fms — Daily Report (spec 002 §2.3): the report's pages on screen with a Download PDF button. */
export default function FmsReport() {
  const t = useTexts(dailyReportTexts);
  return (
    <Page title={t('title')}>
      <DailyReport />
    </Page>
  );
}
