import { benchFleet } from '@fleet/simulator';
import type { Database, Db } from '../src/db/database.ts';
import { issueDeviceKey } from '../src/modules/telemetry/device-keys.ts';
import {
  createAsset,
  createCompany,
  createDevice,
  createGroup,
  createRole,
  createUser,
  signIn,
} from '../test/helpers/fixtures.ts';

/** What every bench's reader may do: read assets, devices and the engines' settings. */
const READER: Parameters<typeof createRole>[2] = {
  master_asset: ['read'],
  master_device: ['read'],
  master_config_rpm: ['read'],
  master_config_ae: ['read'],
  fleet_efficiency: ['read'],
};

/**
 * A bench's company (`<name> Shipping` in `<name> Group`) and its reader, who sees every asset of it; the company's
 * id. The benches sign the reader in once their assets exist.
 */
export async function benchReader(db: Db, o: { name: string; userId: string; password?: string }): Promise<number> {
  const comp = await createCompany(db, await createGroup(db, `${o.name} Group`), `${o.name} Shipping`);
  const role = await createRole(db, `${o.name} reader`, READER);
  await createUser(db, {
    userId: o.userId,
    username: o.userId.split('@')[0],
    ...(o.password ? { password: o.password } : {}),
    roleIds: [role],
    companies: [{ compId: comp }],
  });
  return comp;
}

/** A seeded benchmark fleet: the bench user's session, each device's gateway key, the vessels and their devices. */
export interface World {
  token: string;
  keys: Map<string, string>; // device unique id → its gateway's key
  vessels: { massId: number; devices: { uid: string; type: string; id: number }[] }[];
}

/**
 * The simulator's bench fleet of `count` vessels in one company, made with the product's own fixtures: each vessel
 * its devices and one gateway key covering them; a user who reads every vessel, signed in (run.ts, scale.ts).
 */
export async function seedFleet(database: Database, count: number): Promise<World> {
  const db = database.db;
  const comp = await benchReader(db, { name: 'Bench', userId: 'bench@fleet.test' });
  const keys = new Map<string, string>();
  const vessels: World['vessels'] = [];
  for (const spec of benchFleet(count)) {
    const massId = await createAsset(db, comp, spec.name);
    let gateway: number | undefined;
    const devices: World['vessels'][number]['devices'] = [];
    for (const d of spec.devices) {
      const id = await createDevice(db, massId, d.uniqueId, d.type, { devcLabel: d.label });
      if (d.type === 'gateway') gateway = id;
      devices.push({ uid: d.uniqueId, type: d.type, id });
    }
    if (gateway === undefined) throw new Error(`bench vessel ${spec.code} has no gateway`);
    const key = await issueDeviceKey(db, gateway, 'bench');
    for (const d of spec.devices) keys.set(d.uniqueId, key);
    vessels.push({ massId, devices });
  }
  return { token: await signIn(db, 'bench@fleet.test', comp), keys, vessels };
}
