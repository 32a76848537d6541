import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { AVERAGE_SPEED_LABEL, duration, num } from '../../components/format.ts';
import { type LinkSummary, tableLayout } from './layout.ts';

const NA = 'N/A';

interface Row {
  label: string;
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
  if (!s || s.firstData == null) {
    return (
      <div className="rl-table-empty" data-testid="rl-table-empty">
        <Empty description="No Data" />
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
      label: 'Average RPM',
      port: num(rpm?.PORT?.average),
      centre: NA,
      stbd: num(rpm?.STARBOARD?.average),
    },
    {
      label: 'Running Hours',
      port: num(rpm?.PORT?.runningHours),
      centre: NA,
      stbd: num(rpm?.STARBOARD?.runningHours),
    },
    {
      label: 'Fuel Consumption (Liter)',
      port: num(fm?.portEngineCons),
      centre: aeCentre(num(fm?.aeEngineCons)),
      stbd: num(fm?.starboardEngineCons),
    },
    {
      label: 'Fuel In (Liter)',
      port: NA,
      centre: aeCentre(num(fm?.AE_IN)),
      stbd: NA,
    },
    {
      label: 'Fuel Out (Liter)',
      port: NA,
      centre: aeCentre(num(fm?.AE_OUT)),
      stbd: NA,
    },
    {
      label: 'Average Flow Rate (L/h)',
      port: num(fm?.portAverageFlow),
      centre: NA,
      stbd: num(fm?.starboardAverageFlow),
    },
    {
      label: 'Flow Time',
      port: fm?.PORT_IN_flowTime == null ? '-' : duration(fm.PORT_IN_flowTime),
      centre: NA,
      stbd: fm?.STARBOARD_IN_flowTime == null ? '-' : duration(fm.STARBOARD_IN_flowTime),
    },
    {
      label: 'Average Density (kg/m³)',
      port: num(fm?.PORT_IN_averageDens),
      centre: NA,
      stbd: num(fm?.STARBOARD_IN_averageDens),
    },
    {
      label: 'Average Exhaust Temp (°C)',
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
            <th scope="col">Item</th>
            <th scope="col">{single ? 'Main Engine' : 'Port'}</th>
            {single ? (
              <th scope="col">Auxiliary Engine</th>
            ) : (
              <th scope="col">{layout === 'twin-ae' ? 'AE (AE_IN/AE_OUT)' : NA}</th>
            )}
            {!single && <th scope="col">Starboard</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              <td>{r.port}</td>
              {/* a single engine's second column is its auxiliary engines: the AE figures the row has */}
              <td>{single ? singleAe(r.label, s) : r.centre}</td>
              {!single && <td>{r.stbd}</td>}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total Fuel (Liter)</th>
            <td colSpan={single ? 2 : 3} data-testid="rl-total-fuel">
              {num(fm?.totalFuelCons ?? null)}
            </td>
          </tr>
          <tr>
            <th scope="row">Distance (NM)</th>
            <td colSpan={single ? 2 : 3} data-testid="rl-distance">
              {num(s.gps?.summary.totalCruise)}
            </td>
          </tr>
          <tr>
            <th scope="row">{AVERAGE_SPEED_LABEL}</th>
            <td colSpan={single ? 2 : 3} data-testid="rl-speed">
              {num(s.gps?.summary.averageSpeedKnot)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function singleAe(label: string, s: LinkSummary): ReactNode {
  const fm = s.flowmeter?.summary;
  if (label === 'Fuel Consumption (Liter)') return num(fm?.aeEngineCons ?? s.ae?.totalFuelConsumption);
  if (label === 'Fuel In (Liter)') return s.hasAeFlowmeter ? num(fm?.AE_IN) : NA;
  if (label === 'Fuel Out (Liter)') return s.hasAeFlowmeter ? num(fm?.AE_OUT) : NA;
  return NA;
}
