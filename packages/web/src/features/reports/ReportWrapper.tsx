import { Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useCan } from '../../auth/permissions.ts';
import { FullPageSpin } from '../../components/FullPageSpin.tsx';
import { Page } from '../../components/Page.tsx';

const ReportSummary = lazy(() => import('./ReportSummary.tsx'));
const FmsVoyageReport = lazy(() => import('./FmsVoyageReport.tsx'));
const FmsDatalog = lazy(() => import('../datalog/DatalogView.tsx'));
const CustomChart = lazy(() => import('../custom-chart/CustomChartView.tsx'));
const TeltonikaMap = lazy(() => import('../tracker/TeltonikaMap.tsx').then((m) => ({ default: m.TeltonikaMapView })));

/** Tabs of spec 002 §2.2, in the spec's order. */
export const REPORT_MENUS = ['ReportSummary', 'VoyageReport', 'Datalog', 'CustomChart', 'TeltonikaMap'] as const;
export type ReportMenu = (typeof REPORT_MENUS)[number];

/** The tab of a `menu` query value: unknown (or TeltonikaMap without read on teltonika_map) → ReportSummary. */
export function menuOf(value: string | null, canTeltonika: boolean): ReportMenu {
  const m = REPORT_MENUS.find((x) => x === value) ?? 'ReportSummary';
  return m === 'TeltonikaMap' && !canTeltonika ? 'ReportSummary' : m;
}

/** Report wrapper (spec 002 §2.2): the tab follows the query parameter `menu`. */
export default function ReportWrapper() {
  const [params, setParams] = useSearchParams();
  const canTeltonika = useCan('teltonika_map', 'read');
  const menu = menuOf(params.get('menu'), canTeltonika);
  const items = [
    { key: 'ReportSummary', label: 'Report Summary', children: <ReportSummary /> },
    { key: 'VoyageReport', label: 'Voyage Report', children: <FmsVoyageReport /> },
    { key: 'Datalog', label: 'Datalog', children: <FmsDatalog /> },
    { key: 'CustomChart', label: 'Custom Chart', children: <CustomChart /> },
    ...(canTeltonika ? [{ key: 'TeltonikaMap', label: 'Teltonika Map', children: <TeltonikaMap /> }] : []),
  ];
  return (
    <Page title="Report">
      <Tabs
        activeKey={menu}
        destroyOnHidden
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
