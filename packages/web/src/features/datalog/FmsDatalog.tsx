import { useTexts } from '../../api/i18n.ts';
import { Page } from '../../components/Page.tsx';
import DatalogView from './DatalogView.tsx';
import { datalogTexts } from './texts.ts';

/** /report/datalog/fms: the datalog on its own page (spec 002 §2.8). */
export default function FmsDatalog() {
  const t = useTexts(datalogTexts);
  return (
    <Page title={t('title')}>
      <DatalogView />
    </Page>
  );
}
