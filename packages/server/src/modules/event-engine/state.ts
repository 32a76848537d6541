import type { Group } from './conditions.ts';

/**
 * The engine's state per (gateway, master event) — durable in event_state (written on transitions), kept by a
 * process between batches of an asset only while the asset's state version says no one else wrote it (engine.ts).
 */

export const PHASE = { idle: 0, pending: 1, active: 2 } as const;
export type Phase = (typeof PHASE)[keyof typeof PHASE];

export interface State {
  /** the gateway device (event_log names the gateway by it too) */
  gatewayId: number;
  mevtId: number;
  massId: number;
  mcevId: number;
  phase: Phase;
  since: number | null;
  /** '' once its definition is gone (so a process still holding that definition notices the change) */
  snapshot: string;
  oldData: string | null;
  dirty: boolean;
  /** the row as read (null: no row yet): a state that ends the batch as it began is not written again */
  stored: unknown[] | null;
  /**
   * The quick checks of evaluateInOrder, kept in memory for one batch. Between two evaluations of a definition
   * only the device just read has changed (every reading of its devices evaluates it, in device-time order), and
   * time has moved on, which can only make other devices' values stale. So:
   * - `blocked`: idle, and this group of its condition held on none of its devices when last evaluated — staler
   *   values cannot make it hold, so it can hold again only through the device just read, if the group reads that
   *   device and the reading satisfies it;
   * - `until`: pending or active, and its condition held when last evaluated, its devices' support lasting until
   *   then (holdsUntil), `support` naming per group the device that gave it — it still holds if each group that
   *   reads the device just read is satisfied by that reading or held up by another device (whose values have not
   *   changed since, or satisfied the group again when they did).
   */
  blocked: Group | null;
  until: number;
  support: number[];
}

/** One asset's states as an evaluation left them, and the asset's state version then (event_state_version). */
export interface AssetStates {
  version: number;
  states: Map<string, State>;
}
