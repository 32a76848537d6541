import { createTestApp } from '../test/helpers/app.ts';
import {
  createAsset,
  createCompany,
  createDevice,
  createGroup,
  createRole,
  createUser,
  signIn,
} from '../test/helpers/fixtures.ts';

/**
 * The fleet map's asset list at scale (issue 29): GET /api/master/asset for AL_VESSELS (1,000) vessels of
 * AL_DEVICES (20) devices each, every row (the generic list, devices included) against the map's `select[]` of five
 * fields, interleaved, AL_ROUNDS (3) rounds of 5 requests each. In-process (Fastify inject, SQLite): CPU is the
 * process's per request, serialisation of the answer included, the HTTP socket not.
 *
 *   npx tsx packages/server/bench/asset-list.ts
 */
const VESSELS = Number(process.env.AL_VESSELS ?? 1000);
const DEVICES = Number(process.env.AL_DEVICES ?? 20);
const ROUNDS = Number(process.env.AL_ROUNDS ?? 3);

async function main() {
  const t = await createTestApp('sqlite');
  const db = t.database.db;
  const comp = await createCompany(db, await createGroup(db, 'Bench'), 'Bench Shipping');
  const role = await createRole(db, 'Asset reader', { master_asset: ['read'] });
  await createUser(db, {
    userId: 'list@fleet.test',
    username: 'list',
    password: 'Bench#2026list',
    roleIds: [role],
    companies: [{ compId: comp }],
  });
  for (let i = 0; i < VESSELS; i++) {
    const massId = await createAsset(db, comp, `MV Bench ${i}`);
    for (let k = 0; k < DEVICES; k++) await createDevice(db, massId, `al-${i}-${k}`, k === 0 ? 'gateway' : 'gps');
  }
  const token = await signIn(db, 'list@fleet.test', comp);
  const lean = ['massId', 'massName', 'massImage', 'massSystemType', 'massMaty'].map((f) => `select=${f}`).join('&');
  const urls = {
    'every field': '/api/master/asset?max=10000',
    'select[] of the map': `/api/master/asset?max=10000&${lean}`,
  };
  console.log(`asset list, ${VESSELS} vessels × ${DEVICES} devices (CPU ms per request, wall ms, answer bytes)`);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, url] of Object.entries(urls)) {
      const c0 = process.cpuUsage();
      const w0 = performance.now();
      let bytes = 0;
      for (let i = 0; i < 5; i++) {
        const r = await t.app.inject({ method: 'GET', url, headers: { authentication: token } });
        if (r.statusCode !== 200) throw new Error(r.body);
        bytes = r.rawPayload.length;
      }
      const c = process.cpuUsage(c0);
      const cpu = (c.user + c.system) / 1000 / 5;
      console.log(
        `  round ${round + 1} ${name}: ${cpu.toFixed(1)} ms CPU, ${((performance.now() - w0) / 5).toFixed(1)} ms wall, ${bytes.toLocaleString('en')} B`,
      );
    }
  }
  await t.close();
}

void main();
