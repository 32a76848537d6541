import type { AssetContext } from './asset-context.ts';
import { type Current, dataSnapshot } from './conditions.ts';
import type { Definition } from './definitions.ts';
import { ROW_DURATION, ROW_STATUS, ROW_TS } from './event-rows.ts';
import { PHASE, type State } from './state.ts';

/**
 * The state machine of one (gateway, master event) (docs/domain.md §30): idle → pending when its condition holds,
 * pending → active (the event opens) once it held its duration, back to idle when it stops holding (an active one
 * closes its event); a changed definition closes what it ended (reconcile). Transitions change the state in memory
 * and queue the event rows (asset-context.ts writes them at the end).
 */

export function toIdle(st: State) {
  st.phase = PHASE.idle;
  st.since = null;
  st.oldData = null;
  st.dirty = true;
}

/** Closes the open event of a state at `end` (device time): Non Active, duration end − start. */
export function close(ctx: AssetContext, st: State, end: number) {
  const row = ctx.events.open.get(st);
  if (row) {
    // opened in this batch: inserted closed
    row[ROW_STATUS] = 0;
    row[ROW_DURATION] = Math.max(0, end - (row[ROW_TS] as number));
    ctx.events.open.delete(st);
  } else ctx.events.closed.push([st.gatewayId, st.mevtId, end, ctx.now]);
  ctx.outcome.closed++;
  ctx.outcome.closedEvents.push({ massId: st.massId, gatewayId: st.gatewayId, mevtId: st.mevtId, end });
  toIdle(st);
}

/** Opens the event of a pending state whose duration has passed; `at` is when that was established. */
export function open(ctx: AssetContext, def: Definition, st: State, at: number, dataAt: number) {
  const since = st.since ?? at;
  const newData = JSON.stringify(dataSnapshot(def.groups, ctx.current, dataAt));
  const row = [
    since,
    def.gatewayUid,
    def.mevtId,
    def.mcevId,
    1,
    def.priority,
    Math.max(0, at - since),
    st.oldData ?? '{}',
    newData,
    def.thresholdsText,
    ctx.now,
    ctx.now,
    def.gatewayId,
    def.massId,
  ];
  ctx.events.opened.push(row);
  ctx.events.open.set(st, row);
  st.phase = PHASE.active;
  st.dirty = true;
  ctx.outcome.opened.push({
    massId: def.massId,
    gatewayUid: def.gatewayUid,
    mevtId: def.mevtId,
    type: def.type,
    priority: def.priority,
    timestamp: since,
  });
}

/**
 * A state whose definition is gone (configuration switched, event removed, thresholds or duration edited) closes
 * its open event at `at` and starts over under the new definition (§30.5). Returns whether any state changed.
 */
export function reconcile(ctx: AssetContext, at: number): boolean {
  let changed = false;
  for (const [k, st] of ctx.states) {
    const def = ctx.conf.byKey.get(k);
    if (def && def.snapshot === st.snapshot) {
      if (st.mcevId !== def.mcevId) {
        // a new version with the same definition carries the state over
        st.mcevId = def.mcevId;
        st.dirty = true;
        changed = true;
      }
      continue;
    }
    if (!def && st.phase === PHASE.idle && st.snapshot === '') continue;
    changed = true;
    if (st.phase === PHASE.active) close(ctx, st, at);
    else if (st.phase === PHASE.pending) toIdle(st);
    st.snapshot = def ? def.snapshot : '';
    if (def) st.mcevId = def.mcevId;
    st.dirty = true;
  }
  return changed;
}

/** The reading being evaluated: its device's values before and after it. */
export interface Change {
  devcId: number;
  prev: Current | undefined;
  next: Current;
}

/** The values just before this reading, for the thresholds' data: the event's old data. */
function oldDataOf(ctx: AssetContext, def: Definition, change: Change, at: number): string {
  if (change.prev) ctx.current.set(change.devcId, change.prev);
  else ctx.current.delete(change.devcId);
  const text = JSON.stringify(dataSnapshot(def.groups, ctx.current, at));
  ctx.current.set(change.devcId, change.next);
  return text;
}

/** One definition evaluated at device time `at` after a reading of one of its devices: its condition `holds`. */
export function step(ctx: AssetContext, def: Definition, st: State, at: number, change: Change, holds: boolean) {
  if (st.phase === PHASE.idle) {
    if (!holds) return;
    st.phase = PHASE.pending;
    st.since = at;
    st.oldData = oldDataOf(ctx, def, change, at);
    st.dirty = true;
    if (def.duration === 0) open(ctx, def, st, at, at);
  } else if (st.phase === PHASE.pending) {
    if (!holds) toIdle(st);
    else if (at - (st.since ?? at) >= def.duration) open(ctx, def, st, at, at);
  } else if (!holds) close(ctx, st, at);
}
