import { Tabs } from 'antd';
import { useTexts } from '../../api/i18n.ts';
import { Page } from '../../components/Page.tsx';
import { DcsYear } from './DcsYear.tsx';
import { PeriodEmissions } from './PeriodEmissions.tsx';
import { emissionsTexts } from './texts.ts';
import './emissions.css';

/** Emissions (issue 30): CO₂ of a period per vessel and fleet, and the annual DCS summary with the CII. */
export default function Emissions() {
  const t = useTexts(emissionsTexts);
  return (
    <Page title={t('title')}>
      <Tabs
        items={[
          { key: 'period', label: t('tabPeriod'), children: <PeriodEmissions /> },
          { key: 'dcs', label: t('tabDcs'), children: <DcsYear /> },
        ]}
      />
    </Page>
  );
}
