import type { State } from './state.ts';
import { byRowCount, marks, rowStatements, type Step, tuples } from './step.ts';

/**
 * A batch's event rows, written together at its end (a statement each, not one per event: on PostgreSQL every
 * statement is a round trip). Events open before the batch that it closes are updated; events it opens are
 * inserted as they end up — an event that opened and closed within the batch is inserted closed, so the inserts
 * never meet an open row of the same event (one active per gateway and event type, event_log_one_active_uq).
 */
export interface EventWrites {
  /** [gateway device id, master event, end, now] of events open before the batch */
  closed: unknown[][];
  /** the rows of events opened in the batch, in EVENT_COLUMNS order */
  opened: unknown[][];
  /** the row opened in the batch and still open, per state */
  open: Map<State, unknown[]>;
}

export const noEvents = (): EventWrites => ({ closed: [], opened: [], open: new Map() });

/**
 * An event row names its gateway by device id and the asset it was on (who may see it, migration 018);
 * evnt_device_id keeps the unique id the gateway had when the event opened (history, never matched).
 */
const EVENT_COLUMNS = `evnt_timestamp, evnt_device_id, evnt_mevt_id, evnt_mcev_id, evnt_status, evnt_is_priority,
  evnt_duration, evnt_old_data, evnt_new_data, evnt_threshold, evnt_created_time, evnt_updated_time, evnt_devc_id,
  evnt_mass_id`;
/** positions in an opened row */
export const ROW_TS = 0;
export const ROW_STATUS = 4;
export const ROW_DURATION = 6;

// PostgreSQL types a VALUES list's columns from its first row: the casts name them (SQLite reads them as written)
const CLOSE_SQL = byRowCount(
  (count) => `with ending (devc_id, mevt_id, end_ts, updated) as (values
    (cast(? as integer), cast(? as integer), cast(? as bigint), cast(? as bigint))${count > 1 ? `, ${tuples(count - 1, '(?, ?, ?, ?)')}` : ''})
  update event_log set evnt_status = 0, evnt_updated_time = ending.updated,
    evnt_duration = case when ending.end_ts > event_log.evnt_timestamp then ending.end_ts - event_log.evnt_timestamp else 0 end
  from ending where event_log.evnt_devc_id = ending.devc_id and event_log.evnt_mevt_id = ending.mevt_id
    and event_log.evnt_status = 1`,
);

const OPEN_SQL = byRowCount(
  (count) => `insert into event_log (${EVENT_COLUMNS}) values ${tuples(count, `(${marks(14)})`)}
  on conflict (evnt_devc_id, evnt_mevt_id) where evnt_status = 1 and evnt_watch_key is null do nothing`,
);

/**
 * Writes a batch's event rows: closes first (an event closed and opened again in one batch must leave its open row
 * before the new one arrives), then the opened ones.
 */
export function* writeEvents({ closed, opened }: EventWrites, postgres: boolean): Step<void> {
  yield* rowStatements(closed, CLOSE_SQL, postgres);
  yield* rowStatements(opened, OPEN_SQL, postgres);
}
