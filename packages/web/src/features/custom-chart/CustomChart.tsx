import { Page } from '../../components/Page.tsx';
import CustomChartView from './CustomChartView.tsx';

/** /report/custom-chart (spec 002 §2.13). */
export default function CustomChart() {
  return (
    <Page title="Custom Chart">
      <CustomChartView />
    </Page>
  );
}
