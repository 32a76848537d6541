import { useTexts } from '../../api/i18n.ts';
import { Page } from '../../components/Page.tsx';
import CustomChartView from './CustomChartView.tsx';
import { customChartTexts } from './texts.ts';

/** /report/custom-chart (spec 002 §2.13). */
export default function CustomChart() {
  const t = useTexts(customChartTexts);
  return (
    <Page title={t('title')}>
      <CustomChartView />
    </Page>
  );
}
