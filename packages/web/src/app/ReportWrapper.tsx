import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTexts } from '../api/i18n.ts';
import { useCan } from '../auth/permissions.ts';
import { FullPageSpin } from '../components/FullPageSpin.tsx';
import { Page } from '../components/Page.tsx';
import { routeNames } from '../routing/route-names.ts';
import { appTexts } from './texts.ts';

const ReportSummary = lazy(() => import('../features/reports/ReportSummary.tsx'));
const VoyageReport = lazy(() => import('../features/voyage/VoyageReport.tsx'));
const FmsDatalog = lazy(() => import('../features/datalog/DatalogView.tsx'));
const CustomChart = lazy(() => import('../features/custom-chart/CustomChartView.tsx'));
const TeltonikaMap = lazy(() =>
  import('../features/tracker/TeltonikaMap.tsx').then((m) => ({ default: m.TeltonikaMapView })),
);

/** Tabs of spec 002 §2.2, in the spec's order. */
export const REPORT_MENUS = ['ReportSummary', 'VoyageReport', 'Datalog', 'CustomChart', 'TeltonikaMap'] as const;
export type ReportMenu = (typeof REPORT_MENUS)[number];

/** The tab of a `menu` query value: unknown (or TeltonikaMap without read on teltonika_map) → ReportSummary. */
export function menuOf(value: string | null, canTeltonika: boolean): ReportMenu {
  const m = REPORT_MENUS.find((x) => x === value) ?? 'ReportSummary';
  return m === 'TeltonikaMap' && !canTeltonika ? 'ReportSummary' : m;
}

/**
 * Report wrapper (spec 002 §2.2): the tab follows the query parameter `menu`. Its tabs are the screens of five
 * features, so the page that puts them together lives above the features.
 */
export default function ReportWrapper() {
  const [params, setParams] = useSearchParams();
  const canTeltonika = useCan('teltonika_map', 'read');
  const menu = menuOf(params.get('menu'), canTeltonika);
  const t = useTexts(appTexts);
  const navigate = useNavigate();
  const items = [
    { key: 'ReportSummary', label: t('tabReportSummary'), children: <ReportSummary /> },
    { key: 'VoyageReport', label: t('tabVoyageReport'), children: <VoyageReport /> },
    { key: 'Datalog', label: t('tabDatalog'), children: <FmsDatalog /> },
    { key: 'CustomChart', label: t('tabCustomChart'), children: <CustomChart /> },
    ...(canTeltonika ? [{ key: 'TeltonikaMap', label: t('tabTeltonikaMap'), children: <TeltonikaMap /> }] : []),
  ];
  return (
    <Page title={t('report')}>
      <Tabs
        activeKey={menu}
        destroyOnHidden
        // the Daily Report (spec 002 §2.3) is its own screen, not one of the spec's five tabs: reached from here
        tabBarExtraContent={
          <Button icon={<FilePdfOutlined />} onClick={() => navigate(routeNames.FmsReport())}>
            {t('dailyReport')}
          </Button>
        }
        onChange={(key) => {
          const next = new URLSearchParams(params);
          next.set('menu', key);
          setParams(next);
        }}
        items={items.map((i) => ({
          ...i,
          children: <Suspense fallback={<FullPageSpin />}>{i.key === menu ? i.children : null}</Suspense>,
        }))}
      />
    </Page>
  );
}
