import { unitSeconds } from '@fleet/shared';
import type { DeviceType } from '@fleet/shared/telemetry.ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, ok, plainJsonSerializer } from '../../http/envelope.ts';
import {
  lastPeriodNow,
  oneParam,
  type Period,
  parsePeriod,
  periodPathFields,
  type RawQuery,
  textField,
} from '../../http/params.ts';
import { beforeHorizon, rawHorizon } from './raw-horizon.ts';
import { type RawRow, rawRows } from './series.ts';
import { baseAnswer, baseData } from './series-answers.ts';
import {
  deviceField,
  isNumber,
  limitParam,
  namedDevices,
  pick,
  requireSeriesRead,
  type ScopedDevice,
  SERIES_LIMIT,
  scopedDevices,
} from './series-request.ts';

/** Base (raw) series (spec 002 §7.4): the stored readings of the caller's devices in a period, oldest or newest first. */

/** The query of a base (raw) series. */
const baseQuery = z
  .looseObject({
    limit: textField(`rows, 1 to ${SERIES_LIMIT}`),
    interval: textField('one row per device and interval: seconds, or minute, hour, day, week, month'),
    device: deviceField,
  })
  .transform((raw) => {
    const q = raw as RawQuery;
    const limit = limitParam(q);
    const intervalText = oneParam(q, 'interval');
    let interval: number | undefined;
    if (intervalText) {
      interval = isNumber(intervalText) ? Number(intervalText) : unitSeconds(intervalText);
      if (!interval || interval < 1)
        throw badRequest('interval must be seconds or one of minute, hour, day, week, month');
    }
    return { limit, interval, named: namedDevices(q) };
  });
type BaseQuery = z.output<typeof baseQuery>;

export const seriesBaseRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  async function baseSeries(req: FastifyRequest, q: BaseQuery, range: Period, newest: boolean) {
    const { limit, interval, named } = q;
    // raw readings before the retention's horizon are gone: a period reaching back there is refused (the aggregated
    // series answers it from the rollups); the newest rows of a last-N period are those from the horizon on
    const horizon = await rawHorizon(base.deps.database);
    if (range.start < horizon && !newest) throw beforeHorizon(horizon, 'the raw readings');
    const from = Math.max(range.start, horizon);
    let devices = (await scopedDevices(base, req, named)).filter((d) => d.type);
    if (named.length) devices = pick(devices, named);
    const byType = new Map<DeviceType, ScopedDevice[]>();
    for (const d of devices) byType.set(d.type!, [...(byType.get(d.type!) ?? []), d]);
    const rows: RawRow[] = [];
    for (const [type, list] of byType)
      rows.push(
        ...(await rawRows(base.deps.database, {
          type,
          deviceIds: list.map((d) => d.devcId),
          start: from,
          end: range.end,
          limit,
          newest,
          interval,
        })),
      );
    rows.sort((a, b) => a.ts - b.ts || a.deviceId - b.deviceId);
    const kept = newest ? rows.slice(Math.max(0, rows.length - limit)) : rows.slice(0, limit);
    return ok(baseData(range, devices, kept));
  }

  app.get(
    '/series/base/period/:start/:end',
    {
      preValidation: requireSeriesRead,
      serializerCompiler: plainJsonSerializer,
      schema: {
        tags: ['telemetry'],
        params: z.object(periodPathFields).transform((p) => parsePeriod(p.start, p.end)),
        querystring: baseQuery,
        response: { 200: baseAnswer },
      },
    },
    async (req) => baseSeries(req, req.query, req.params, false),
  );
  app.get(
    '/series/base/last/:a/:b',
    {
      preValidation: requireSeriesRead,
      serializerCompiler: plainJsonSerializer,
      schema: {
        tags: ['telemetry'],
        params: z
          .object({ a: z.string().describe('duration or unit'), b: z.string().describe('unit or duration') })
          .transform((p) => lastPeriodNow(p.a, p.b)),
        querystring: baseQuery,
        response: { 200: baseAnswer },
      },
    },
    async (req) => baseSeries(req, req.query, req.params, true),
  );
};
