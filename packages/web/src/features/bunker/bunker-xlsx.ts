import type { BunkerDashboardAnswer } from '@fleet/shared/bunker.ts';
import { formatDateTime } from '../../components/format.ts';
import type { Cell } from '../../components/xlsx.ts';

type DashboardRow = BunkerDashboardAnswer['rows'][number];

/**
 * The Bunker Dashboard's Datalog as the sheet 'Data' (spec 002 §2.14, §7.3): the header is the table's column
 * titles in the user's column order, then one line per reading with the raw figures (kg/h, L/h, kg, L, kg/m³, °C)
 * and the date-time as the table shows it.
 */
export function bunkerRows(order: string[], labels: Record<string, string>, rows: DashboardRow[]): Cell[][] {
  return [
    order.map((k) => labels[k] ?? k),
    ...rows.map((r) =>
      order.map((k): Cell => {
        if (k === 'datetime') return formatDateTime(r.datetime, 'DD-MM-YYYY HH:mm:ss');
        const v = (r as Record<string, unknown>)[k];
        return typeof v === 'number' || typeof v === 'string' ? v : null;
      }),
    ),
  ];
}
