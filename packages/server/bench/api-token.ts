import { createTestApp } from '../test/helpers/app.ts';
import { createAsset, createCompany, createGroup, createRole, createUser, signIn } from '../test/helpers/fixtures.ts';

/**
 * What an API token costs per request against a person's session (issue 31): the same small read
 * (`GET /api/master/asset/{id}`, one vessel) with a session and with a token of the same role and company,
 * interleaved, AT_ROUNDS (5) rounds of AT_REQUESTS (2,000) requests each. In-process (Fastify inject, SQLite): CPU
 * of the process per request — the token's lookup, its rate limit and its use counted in memory included; the
 * once-a-minute write of the counts is one statement per token and minute, not per request.
 *
 *   npx tsx packages/server/bench/api-token.ts
 */
const ROUNDS = Number(process.env.AT_ROUNDS ?? 5);
const REQUESTS = Number(process.env.AT_REQUESTS ?? 2000);

async function main() {
  const t = await createTestApp('sqlite', { env: { API_TOKEN_RATE_LIMIT: '1000000' } });
  const db = t.database.db;
  const comp = await createCompany(db, await createGroup(db, 'Bench'), 'Bench Shipping');
  const role = await createRole(db, 'Asset reader', { master_asset: ['read'], api_token: ['read', 'create'] });
  await createUser(db, {
    userId: 'bench@fleet.test',
    username: 'bench',
    roleIds: [role],
    companies: [{ compId: comp }],
  });
  const massId = await createAsset(db, comp, 'MV Bench');
  const session = await signIn(db, 'bench@fleet.test', comp);
  const made = await t.call({
    method: 'POST',
    url: '/api/api-tokens',
    token: session,
    payload: { name: 'bench', compId: comp, roleId: role, expiresInDays: 1 },
  });
  const token: string = made.json.data.token;
  const url = `/api/master/asset/${massId}`;
  const run = async (tk: string) => {
    const c0 = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i++) {
      const r = await t.app.inject({ method: 'GET', url, headers: { authentication: tk } });
      if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
    }
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / REQUESTS;
  };
  console.log(`GET ${url}: CPU µs per request, ${REQUESTS} requests a round`);
  const results: Record<string, number[]> = { session: [], token: [] };
  await run(session);
  await run(token);
  for (let round = 0; round < ROUNDS; round++) {
    results.session.push(await run(session));
    results.token.push(await run(token));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [name, xs] of Object.entries(results))
    console.log(`${name.padEnd(8)} median ${median(xs).toFixed(0)} µs  (${xs.map((x) => x.toFixed(0)).join(', ')})`);
  await t.close();
}

await main();
