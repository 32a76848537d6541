import {
  type AssetDevice,
  type Condition,
  type Current,
  type Group,
  parseThresholds,
  resolveGroups,
} from './conditions.ts';
import { type AssetStates, stateKey } from './state.ts';
import { all, type Step } from './step.ts';

/**
 * The event definitions the engine evaluates — per asset, each master event of each gateway's active configuration
 * with its thresholds resolved against the asset's devices, and an index by device — cached per process and per
 * database (docs/domain.md §30.5, docs/decisions.md "Event engine").
 *
 * The cache is trusted while both hold:
 * - the process's own configuration writes (`eventConfigChanged`, called after their commit by the CRUD routes of
 *   master events, event configurations, asset events and devices, and by the activation route) have not moved on
 *   since the cache was checked — so the very next ingest after a change made through this process uses it;
 * - it was compared with the database's `event_config_version` counter (migration 016: triggers bump it in every
 *   writer's transaction, whatever the process) less than `engineSettings.configCheckMs` ago (1 s) — so a change
 *   made through another process is seen within a second, and at once when the engine meets a state written under
 *   definitions it does not have (evaluation.ts forces the check).
 * Between checks an ingest batch whose devices no cached definition reads costs no query at all.
 */

export interface Definition {
  gatewayId: number;
  gatewayUid: string;
  massId: number;
  mcevId: number;
  mevtId: number;
  type: string;
  priority: number;
  duration: number;
  thresholdsText: string;
  /** what a state was evaluated under: a change closes an open event and restarts the duration (§30.5) */
  snapshot: string;
  groups: Group[];
  /** the devices its thresholds read */
  devcIds: number[];
  /** its position in its asset's `defs` (the engine keeps its states in an array by it) */
  index: number;
  /** its state's key (stateKey) */
  key: string;
}

/** A definition reading a device, with its groups that read it (the engine's quick checks after that device's reading). */
export interface Reader {
  def: Definition;
  groups: Group[];
  /** those groups' positions in the definition's groups */
  positions: number[];
  /** the one condition of those groups when there is just one (most thresholds): checked without the loops */
  single: Condition | null;
  /**
   * `single` compiled for the per-reading checks, once per definition version: when it compares a number (its
   * metric known, its threshold numeric), the metric's position, the operator and the threshold on the reader itself
   * (conditions.ts `test`); `at` -1 otherwise (then `hit` decides)
   */
  at: number;
  op: number;
  num: number;
  /** `def.index` (the engine's states are in an array by it) and the first of `groups` */
  state: number;
  first: Group;
}

/** One asset's definitions, as the engine reads them for every batch of that asset. */
export interface AssetConfig {
  massId: number;
  defs: Definition[];
  /** `${gatewayId}:${mevtId}` → definition (a state's key) */
  byKey: Map<string, Definition>;
  /** device id → the definitions reading it */
  readersOf: Map<number, Reader[]>;
  /** device id → its type, for the devices the definitions read */
  deviceTypes: Map<number, string>;
  /** the devices `defs` read, each once (devicesRead): worked out once per definition version, not per batch */
  devcIds: number[];
}

const n = (v: unknown) => Number(v);

/**
 * A company's own master event (issue 28) is evaluated only on that company's vessels; shared ones (no company) on
 * every vessel whose configuration holds them. Writes refuse another company's event in a configuration; the join
 * also keeps it out when a vessel moves to another company (migration 029 bumps the version then).
 */
const DEFINITION_COLUMNS = `select g.devc_id, g.devc_unique_id, g.devc_mass_id, c.mcev_id, m.mevt_id,
  m.mevt_type, m.mevt_trigger_duration, m.mevt_is_priority, m.mevt_thresholds
  from device g
  join config_event c on c.mcev_devc_id = g.devc_id and c.mcev_is_active = 1
  join asset_event a on a.asev_mcev_id = c.mcev_id
  join master_event m on m.mevt_id = a.asev_mevt_id
  join asset v on v.mass_id = g.devc_mass_id
  where g.devc_type = 'gateway' and (m.mevt_comp_id is null or m.mevt_comp_id = v.mass_comp_id)`;

/** The definitions of the gateways of `count` assets (the sweep reads one asset's afresh). */
export const DEFINITIONS_SQL = (count: number) =>
  `${DEFINITION_COLUMNS} and g.devc_mass_id in (${Array(count).fill('?').join(', ')}) order by g.devc_id, m.mevt_id`;

/** Every asset's definitions (the cache). */
const ALL_DEFINITIONS_SQL = `${DEFINITION_COLUMNS} and g.devc_mass_id is not null order by g.devc_id, m.mevt_id`;

/** The devices of the assets with an active configuration (what thresholds may name). */
const CONFIGURED_DEVICES_SQL = `select devc_id, devc_unique_id, devc_type, devc_mass_id from device
  where devc_mass_id in (select g.devc_mass_id from device g
    join config_event c on c.mcev_devc_id = g.devc_id and c.mcev_is_active = 1 where g.devc_type = 'gateway')`;

/** Definition rows and device rows (of the same assets) → each asset's definitions and index. */
export function assetConfigs(
  defRows: Record<string, unknown>[],
  deviceRows: Record<string, unknown>[],
): Map<number, AssetConfig> {
  const devicesOf = new Map<number, AssetDevice[]>();
  for (const r of deviceRows) {
    const massId = n(r.devc_mass_id);
    let list = devicesOf.get(massId);
    if (!list) {
      list = [];
      devicesOf.set(massId, list);
    }
    list.push({ devcId: n(r.devc_id), uniqueId: String(r.devc_unique_id), type: String(r.devc_type) });
  }
  const out = new Map<number, AssetConfig>();
  for (const r of defRows) {
    const massId = n(r.devc_mass_id);
    let conf = out.get(massId);
    if (!conf) {
      conf = { massId, defs: [], byKey: new Map(), readersOf: new Map(), deviceTypes: new Map(), devcIds: [] };
      out.set(massId, conf);
    }
    const thresholdsText = String(r.mevt_thresholds ?? '{}');
    const duration = Math.max(0, n(r.mevt_trigger_duration) || 0);
    const groups = resolveGroups(parseThresholds(thresholdsText), devicesOf.get(massId) ?? []);
    const devcIds = [...new Set(groups.flatMap((g) => g.devices.map((d) => d.devcId)))];
    for (const g of groups) for (const d of g.devices) conf.deviceTypes.set(d.devcId, d.type);
    const def: Definition = {
      gatewayId: n(r.devc_id),
      gatewayUid: String(r.devc_unique_id),
      massId,
      mcevId: n(r.mcev_id),
      mevtId: n(r.mevt_id),
      type: String(r.mevt_type),
      priority: n(r.mevt_is_priority) === 1 ? 1 : 0,
      duration,
      thresholdsText,
      snapshot: JSON.stringify([duration, thresholdsText]),
      groups,
      devcIds,
      index: conf.defs.length,
      key: stateKey(n(r.devc_id), n(r.mevt_id)),
    };
    conf.defs.push(def);
    conf.byKey.set(def.key, def);
    for (const id of devcIds) {
      const own = groups.filter((g) => g.devices.some((d) => d.devcId === id));
      const single = own.length === 1 && own[0].conditions.length === 1 ? own[0].conditions[0] : null;
      const fast = single !== null && single.index >= 0 && single.num !== null;
      const reader: Reader = {
        def,
        groups: own,
        positions: own.map((g) => groups.indexOf(g)),
        single,
        at: fast ? single.index : -1,
        op: fast ? single.op : -1,
        num: fast ? (single.num as number) : 0,
        state: def.index,
        first: own[0],
      };
      const list = conf.readersOf.get(id);
      if (list) list.push(reader);
      else conf.readersOf.set(id, [reader]);
    }
  }
  for (const conf of out.values()) conf.devcIds = devicesRead(conf.defs);
  return out;
}

/** The devices `defs` read, each once. */
export function devicesRead(defs: Iterable<Definition>): number[] {
  const read = new Set<number>();
  for (const def of defs) for (const id of def.devcIds) read.add(id);
  return [...read];
}

/** One database's cached definitions. */
export interface ConfigCache {
  /** the database's event_config_version the definitions were read at (null: never read) */
  version: number | null;
  /** this process's configuration write count when last checked */
  local: number;
  /** performance.now() of the last comparison with the database */
  checkedAt: number;
  assets: Map<number, AssetConfig>;
  /** every device some definition reads */
  devices: Set<number>;
  /** the values of those devices as this process's last committed evaluation left them (evaluation.ts `remember`) */
  values: Map<number, Current>;
  /** each asset's states as this process's last committed evaluation of it left them (evaluation.ts `remember`) */
  states: Map<number, AssetStates>;
  /**
   * assets whose every state must be compared with the definitions at their next batch (read at a change: the
   * assets holding any state), so what a change ends is closed at the next reading of the asset, not only by
   * the sweep (§30.5); an asset leaves the set when such a pass finds nothing to change
   */
  reconcile: Set<number>;
}

/** How stale another process's change may be at most; EVENT_CONFIG_CHECK_MS (config.ts) overrides, set by app.ts. */
export const engineSettings = { configCheckMs: 1000 };

let localVersion = 0;

/** A configuration write of this process committed: the next evaluation compares its cache with the database. */
export function eventConfigChanged(): void {
  localVersion++;
}

const caches = new WeakMap<object, ConfigCache>();

/** The cache of the database behind `handle` (the SQLite handle or the PostgreSQL pool). */
export function configCacheOf(handle: object): ConfigCache {
  let c = caches.get(handle);
  if (!c) {
    c = {
      version: null,
      local: -1,
      checkedAt: 0,
      assets: new Map(),
      devices: new Set(),
      values: new Map(),
      states: new Map(),
      reconcile: new Set(),
    };
    caches.set(handle, c);
  }
  return c;
}

/**
 * Makes sure the cache may be used: compares it with the database when this process wrote configuration since,
 * when the last comparison is older than configCheckMs, or when `force`d; reads the definitions again when the
 * database's version moved. Returns whether they were read again.
 */
export function* refreshConfig(cache: ConfigCache, force: boolean): Step<boolean> {
  const local = localVersion;
  const at = performance.now();
  if (!force && cache.version !== null && cache.local === local && at - cache.checkedAt < engineSettings.configCheckMs)
    return false;
  const rows = yield* all('select ecv_version from event_config_version where ecv_id = 1');
  const version = rows.length ? n(rows[0].ecv_version) : 0;
  if (cache.version !== null && version <= cache.version) {
    // unchanged (or a concurrent evaluation of this process already read a newer one)
    if (version === cache.version) {
      cache.local = local;
      cache.checkedAt = at;
    }
    return false;
  }
  const defRows = yield* all(ALL_DEFINITIONS_SQL);
  const deviceRows = yield* all(CONFIGURED_DEVICES_SQL);
  const stateful = yield* all('select distinct evst_mass_id from event_state');
  if (cache.version !== null && version <= cache.version) return false;
  cache.version = version;
  cache.local = local;
  cache.checkedAt = at;
  cache.assets = assetConfigs(defRows, deviceRows);
  cache.devices = new Set([...cache.assets.values()].flatMap((a) => [...a.readersOf.keys()]));
  cache.reconcile = new Set(stateful.map((r) => n(r.evst_mass_id)));
  // states hold their definitions' gateway ids: read afresh under the new definitions
  cache.states = new Map();
  return true;
}
