import { benchFleet } from '@fleet/simulator';
import type { Database } from '../src/db/database.ts';
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
  const group = await createGroup(db, 'Bench Group');
  const comp = await createCompany(db, group, 'Bench Shipping');
  const role = await createRole(db, 'Bench reader', {
    master_asset: ['read'],
    master_device: ['read'],
    master_config_rpm: ['read'],
    master_config_ae: ['read'],
  });
  await createUser(db, {
    userId: 'bench@fleet.test',
    username: 'bench',
    roleIds: [role],
    companies: [{ compId: comp }],
  });
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
