import { Page } from '../../components/Page.tsx';
import { DailyReport } from './DailyReport.tsx';

/** /report/fms — Daily Report (spec 002 §2.3): the report's pages on screen with a Download PDF button. */
export default function FmsReport() {
  return (
    <Page title="Daily Report">
      <DailyReport />
    </Page>
  );
}
