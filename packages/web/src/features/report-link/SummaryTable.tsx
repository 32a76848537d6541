import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTexts } from '../../api/i18n.ts';
import { duration, num } from '../../components/format.ts';
import { componentsTexts } from '../../components/texts.ts';
import { type LinkSummary, tableLayout } from './layout.ts';
import { type ReportLinkTextKey, reportLinkTexts } from './texts.ts';

const NA = 'N/A';

interface Row {
  label: ReportLinkTextKey;
  port: ReactNode;
  centre: ReactNode;
  stbd: ReactNode;
}

/**
 * The summary table of the report link page (spec 002 §2.4) in its three layouts: one engine column; Port, AE
 * (the AE_IN/AE_OUT meters) and Starboard; or Port, 'N/A' and Starboard. Every figure is the summary API's
 * (docs/domain.md §9–§15); 'No Data' when the period holds none.
 */
export function SummaryTable({ s }: { s: LinkSummary | undefined }) {
  const t = useTexts(reportLinkTexts);
  const c = useTexts(componentsTexts);
  if (!s || s.firstData == null) {
    return (
      <div className="rl-table-empty" data-testid="rl-table-empty">
        <Empty description={t('noData')} />
      </div>
    );
  }
  const layout = tableLayout(s);
  const rpm = s.rpm?.summary;
  const fm = s.flowmeter?.summary;
  const exh = s.temperature?.EXHAUST_TEMPERATURE?.average;
  const aeCentre = (v: ReactNode) => (layout === 'twin-ae' ? v : NA);

  const rows: Row[] = [
    {
      label: 'averageRpm',
      port: num(rpm?.PORT?.average),
      centre: NA,
      stbd: num(rpm?.STARBOARD?.average),
    },
    {
      label: 'runningHours',
      port: num(rpm?.PORT?.runningHours),
      centre: NA,
      stbd: num(rpm?.STARBOARD?.runningHours),
    },
    {
      label: 'fuelConsumption',
      port: num(fm?.portEngineCons),
      centre: aeCentre(num(fm?.aeEngineCons)),
      stbd: num(fm?.starboardEngineCons),
    },
    {
      label: 'fuelIn',
      port: NA,
      centre: aeCentre(num(fm?.AE_IN)),
      stbd: NA,
    },
    {
      label: 'fuelOut',
      port: NA,
      centre: aeCentre(num(fm?.AE_OUT)),
      stbd: NA,
    },
    {
      label: 'averageFlowRate',
      port: num(fm?.portAverageFlow),
      centre: NA,
      stbd: num(fm?.starboardAverageFlow),
    },
    {
      label: 'flowTime',
      port: fm?.PORT_IN_flowTime == null ? '-' : duration(fm.PORT_IN_flowTime),
      centre: NA,
      stbd: fm?.STARBOARD_IN_flowTime == null ? '-' : duration(fm.STARBOARD_IN_flowTime),
    },
    {
      label: 'averageDensity',
      port: num(fm?.PORT_IN_averageDens),
      centre: NA,
      stbd: num(fm?.STARBOARD_IN_averageDens),
    },
    {
      label: 'averageExhaustTemp',
      port: num(exh?.PORT),
      centre: NA,
      stbd: num(exh?.STARBOARD),
    },
  ];
  const single = layout === 'single';
  return (
    <div className="rl-table-wrap">
      <table className="rl-table" data-testid="rl-summary-table" data-layout={layout}>
        <thead>
          <tr>
            <th scope="col">{t('item')}</th>
            <th scope="col">{single ? t('mainEngine') : t('port')}</th>
            {single ? (
              <th scope="col">{t('auxiliaryEngine')}</th>
            ) : (
              <th scope="col">{layout === 'twin-ae' ? 'AE (AE_IN/AE_OUT)' : NA}</th>
            )}
            {!single && <th scope="col">{t('starboard')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{t(r.label)}</th>
              <td>{r.port}</td>
              {/* a single engine's second column is its auxiliary engines: the AE figures the row has */}
              <td>{single ? singleAe(r.label, s) : r.centre}</td>
              {!single && <td>{r.stbd}</td>}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('totalFuel')}</th>
            <td colSpan={single ? 2 : 3} data-testid="rl-total-fuel">
              {num(fm?.totalFuelCons ?? null)}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('distance')}</th>
            <td colSpan={single ? 2 : 3} data-testid="rl-distance">
              {num(s.gps?.summary.totalCruise)}
            </td>
          </tr>
          <tr>
            <th scope="row">{c('averageSpeed')}</th>
            <td colSpan={single ? 2 : 3} data-testid="rl-speed">
              {num(s.gps?.summary.averageSpeedKnot)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function singleAe(label: ReportLinkTextKey, s: LinkSummary): ReactNode {
  const fm = s.flowmeter?.summary;
  if (label === 'fuelConsumption') return num(fm?.aeEngineCons ?? s.ae?.totalFuelConsumption);
  if (label === 'fuelIn') return s.hasAeFlowmeter ? num(fm?.AE_IN) : NA;
  if (label === 'fuelOut') return s.hasAeFlowmeter ? num(fm?.AE_OUT) : NA;
  return NA;
}
