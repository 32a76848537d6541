import { combinedSchema, summarySchema } from '@fleet/shared/answers/summary.ts';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../src/http/envelope.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { buildWorld, H, type World } from './summary-world.ts';

/**
 * Issue 29: the summary and combined answers are written with JSON.stringify (summary-task.ts) instead of their
 * response schemas' serializer. The documents must be the ones the schemas' serializer writes: no key the schema
 * would strip, none it lacks, every value of its type (a NaN would have made it throw) — for every vessel of the
 * summary world, in every unit, with and without details. And `showRecords=false` leaves out the records only.
 */
const compile = (schema: Parameters<typeof envelope>[0]) =>
  serializerCompiler({ schema: envelope(schema), method: 'GET', url: 'x' } as never) as unknown as (
    d: unknown,
  ) => string;
const bySummarySchema = compile(summarySchema);
const byCombinedSchema = compile(combinedSchema);

describe.each(dialects())('summary answers as JSON text on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  const get = async (path: string, massId: number, query: string, start = w.T0 - H, end = w.T0 + 3 * H) => {
    const r = await t.call({
      method: 'GET',
      url: `/api/summary/${path}/period/${start}/${end}?devcMassId=${massId}${query}`,
      token: w.tenants.adminA,
    });
    expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
    return r.json;
  };
  const vessels = () => [w.twinAe, w.twinNoAe, w.single, w.noMeter, w.flagged, w.gpsOnly];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await buildWorld(t);
  });
  afterAll(() => t?.close());

  it('the summary is the document its schema writes', async () => {
    for (const massId of vessels())
      for (const q of [
        '',
        '&showDetails=true',
        '&showDetails=true&aggregatedUnit=DAY&timezone=5.5',
        '&showDetails=true&aggregatedUnit=MINUTE',
        '&devcType=flowmeter&showDetails=true',
      ]) {
        const answer = await get('aggregated', massId, q);
        expect(JSON.parse(bySummarySchema(answer)), `${massId}${q}`).toEqual(answer);
      }
  });

  it('the combined data is the document its schema writes', async () => {
    for (const massId of vessels())
      for (const q of ['', '&typesToGet=gps,rpm,flowmeter,ae,temperature&aggregatedUnit=MINUTE&timezone=-3']) {
        const answer = await get('combined', massId, q);
        expect(JSON.parse(byCombinedSchema(answer)), `${massId}${q}`).toEqual(answer);
      }
  });

  it('showRecords=false: the same answer without the per-period records', async () => {
    for (const massId of vessels()) {
      const full = await get('aggregated', massId, '&showDetails=true');
      const shown = await get('aggregated', massId, '&showDetails=true&showRecords=false');
      expect(full.data.details.length).toBeGreaterThan(0);
      const { details: _, ...rest } = full.data;
      expect(shown.data).toEqual(rest);
      // as before without showDetails, and with showRecords=true
      expect((await get('aggregated', massId, '&showRecords=false')).data.details).toBeUndefined();
      expect(await get('aggregated', massId, '&showDetails=true&showRecords=true')).toEqual(full);
    }
    const bad = await t.call({
      method: 'GET',
      url: `/api/summary/aggregated/period/${w.T0}/${w.T0 + H}?devcMassId=${w.twinAe}&showRecords=maybe`,
      token: w.tenants.adminA,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.status.message).toMatch(/showRecords must be true or false/);
  });
});
