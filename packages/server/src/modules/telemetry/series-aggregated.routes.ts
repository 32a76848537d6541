import {
  AGG_FUNCTIONS,
  AGG_UNITS,
  type AggFunction,
  type AggUnit,
  type DeviceType,
  findMetric,
  TELEMETRY_TYPES,
  telemetryType,
} from '@fleet/shared/telemetry.ts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, plainJsonSerializer } from '../../http/envelope.ts';
import {
  lastPeriodNow,
  listParam,
  oneParam,
  type Period,
  parsePeriod,
  parseTimezone,
  periodPathFields,
  type RawQuery,
  textField,
} from '../../http/params.ts';
import { assetTimeZone, companyTimeZone, offsetOr } from '../access/time-zones.ts';
import { type AggregateFunction, additionalKey, aggregate, parseFilters, SeriesError } from './series.ts';
import { aggregatedAnswer, aggregatedOk } from './series-answers.ts';
import {
  deviceField,
  isNumber,
  limitParam,
  namedDevices,
  pick,
  requireSeriesRead,
  SERIES_LIMIT,
  scopedDevices,
} from './series-request.ts';

/**
 * Aggregated series (spec 000 §7, spec 002 §7.2): per device and bucket, the primary function of every data point
 * and the extra functions asked for, of the caller's devices of one type.
 */

/**
 * functionNames[i] with functionParams[i] → a function. The column may ride in the name
 * (`AVG(dlgpSpeed)`, `AVG:dlgpSpeed`, `COUNTGT(dlrpRpm,400)`) or in the param (`dlgpSpeed`,
 * `dlrpRpm,400`); a numeric param is COUNTGT's threshold.
 */
function parseFunction(nameText: string, paramText: string | undefined, index: number): AggregateFunction {
  const m = /^\s*([A-Za-z]+)\s*(?:[(:_ ]\s*([^)]*?)\s*\)?)?\s*$/.exec(nameText);
  const name = m?.[1].toUpperCase() as AggFunction | undefined;
  if (!m || !name || !AGG_FUNCTIONS.includes(name))
    throw badRequest(`functionNames[${index}]: ${nameText} is not one of ${AGG_FUNCTIONS.join(', ')}`);
  const tokens = [...(m[2] ?? '').split(/[,;:]/), ...(paramText ?? '').split(/[,;:]/)]
    .map((x) => x.trim())
    .filter(Boolean);
  const column = tokens.find((x) => !isNumber(x));
  const num = tokens.find(isNumber);
  if (!column) throw badRequest(`functionNames[${index}]: name the column, e.g. ${name}(dlgpSpeed)`);
  return { name, column, param: num === undefined ? undefined : Number(num) };
}

/** The query of an aggregated series (spec 000 §7), parsed and checked by the route's schema. */
function aggregatedQuerySchema() {
  return z
    .looseObject({
      aggregatedUnit: textField(`${AGG_UNITS.join(', ')}; default HOUR`),
      aggregatedLength: textField('buckets of this many units, from 1; MINUTE × 60 is HOUR'),
      timezone: textField(
        "hours east of UTC, -12 to 14 in quarter hours; default the time zone of the devices' company at the period's start",
      ),
      limit: textField(`rows, 1 to ${SERIES_LIMIT}`),
      primaryFunctionName: textField('the function of every data point: AVG (LAST for trackers), SUM, MIN, MAX …'),
      functionNames: textField('extra functions, e.g. COUNTGT(dlrpRpm,400); repeat or functionNames[]'),
      functionParams: textField('the column (and COUNTGT threshold) of each extra function, by position'),
      device: deviceField,
      type: textField("only the devices of this side or label (rpm: the Config RPM type, else the device's label)"),
      additionalFilter: textField('conditions on raw rows, e.g. dlrpRpm>400 and speed < 30'),
    })
    .transform((raw) => {
      const q = raw as RawQuery;
      const unitText = (oneParam(q, 'aggregatedUnit') ?? 'HOUR').toUpperCase();
      if (!AGG_UNITS.includes(unitText as AggUnit))
        throw badRequest(`aggregatedUnit must be one of ${AGG_UNITS.join(', ')}`);
      let unit = unitText as AggUnit;
      const lengthText = oneParam(q, 'aggregatedLength');
      let length = lengthText === undefined || lengthText === '' ? 1 : Number(lengthText);
      if (!Number.isInteger(length) || length < 1 || length > 100000)
        throw badRequest('aggregatedLength must be a whole number from 1');
      if (unit === 'MINUTE' && length % 60 === 0) {
        unit = 'HOUR'; // spec 000 §7: an HOUR unit is sent as MINUTE with length 60
        length /= 60;
      }
      // none: the zone of the devices' company (aggregated, below)
      const tzText = oneParam(q, 'timezone');
      const tz = tzText === undefined || tzText === '' ? null : parseTimezone(tzText, 0);
      const limit = limitParam(q);
      const primaryText = oneParam(q, 'primaryFunctionName')?.toUpperCase();
      if (
        primaryText !== undefined &&
        (!AGG_FUNCTIONS.includes(primaryText as AggFunction) || primaryText === 'COUNTGT')
      )
        throw badRequest(
          `primaryFunctionName must be one of ${AGG_FUNCTIONS.filter((f) => f !== 'COUNTGT').join(', ')}`,
        );
      const names = listParam(q, 'functionNames');
      const params = listParam(q, 'functionParams');
      return {
        unit,
        length,
        tz,
        limit,
        /** absent: the type's default (LAST for trackers, else AVG) */
        primary: primaryText as Exclude<AggFunction, 'COUNTGT'> | undefined,
        extra: names.map((n, i) => parseFunction(n, params[i], i)),
        named: namedDevices(q),
        label: oneParam(q, 'type')?.toLowerCase(),
        filter: oneParam(q, 'additionalFilter'),
      };
    });
}
type AggregatedQuery = z.output<ReturnType<typeof aggregatedQuerySchema>>;

export const seriesAggregatedRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  async function aggregated(
    req: FastifyRequest,
    reply: FastifyReply,
    q: AggregatedQuery,
    type: DeviceType,
    range: Period,
  ) {
    const { unit, length, limit, extra, named, label } = q;
    const def = TELEMETRY_TYPES[type];
    const primary = q.primary ?? (type === 'tracker' ? 'LAST' : 'AVG');

    let devices = (await scopedDevices(base, req, named)).filter((d) => d.type === type);
    if (named.length) devices = pick(devices, named);
    if (label && label !== type) {
      // an engine's side is its Config RPM type, else its label (docs/domain.md §2)
      const sides = new Map<number, string>();
      if (type === 'rpm' && devices.length) {
        const rows = await base.deps.database.db
          .selectFrom('config_rpm')
          .select(['mcrpDevcId', 'mcrpType'])
          .where(
            'mcrpDevcId',
            'in',
            devices.map((d) => d.devcId),
          )
          .execute();
        for (const r of rows) sides.set(Number(r.mcrpDevcId), String(r.mcrpType).toLowerCase());
      }
      devices = devices.filter((d) => (sides.get(d.devcId) ?? (d.devcLabel ?? '').toLowerCase()) === label);
    }

    // the row's own values: the primary function of every data point when it is asked for (primaryFunctionName) or
    // no extra function is; with extra functions only, of the data points they name — an answer holds what was asked
    const asked = new Set(extra.map((fn) => findMetric(def, fn.column)));
    const own = q.primary || !extra.length ? def.metrics : def.metrics.filter((x) => asked.has(x));
    const functions: AggregateFunction[] = [...own.map((x) => ({ name: primary, column: x.key })), ...extra];
    // no timezone asked: the zone of the company of the first device's vessel, else the session's company
    // (docs/domain.md §1), at the period's start
    const fallback = base.deps.config.defaultTimeZone;
    const massId = devices.find((d) => d.devcMassId !== null)?.devcMassId;
    const tz =
      q.tz ??
      offsetOr(
        null,
        massId
          ? await assetTimeZone(base.deps.database.db, massId, fallback)
          : await companyTimeZone(base.deps.database.db, req.session?.activeCompId ?? null, fallback),
        range.start,
      );
    let rows: Awaited<ReturnType<typeof aggregate>>;
    try {
      rows = await aggregate(base.deps.database, {
        type,
        deviceIds: devices.map((d) => d.devcId),
        start: range.start,
        end: range.end,
        unit,
        length,
        tz,
        functions,
        filters: parseFilters(type, q.filter),
      });
    } catch (err) {
      if (err instanceof SeriesError) throw badRequest(err.message);
      throw err;
    }
    const extraKeys = extra.map((fn, i) => additionalKey(type, fn, i)); // once, not per row
    return aggregatedOk(
      rows.slice(0, limit),
      devices,
      own.map((x) => x.key),
      extraKeys,
      reply.raw,
    );
  }

  const typeOf = (text: string): DeviceType => {
    const t = telemetryType(text);
    if (!t) throw badRequest(`Unknown device type ${text}; one of ${Object.keys(TELEMETRY_TYPES).join(', ')}`);
    return t;
  };
  const aggregatedQuery = aggregatedQuerySchema();
  const aggSchema = <P extends z.ZodType>(params: P) => ({
    tags: ['telemetry'],
    params,
    querystring: aggregatedQuery,
    response: { 200: aggregatedAnswer },
  });
  const lastFields = { duration: z.string(), unit: z.string() };
  const deviceType = z.string().describe(`one of ${Object.keys(TELEMETRY_TYPES).join(', ')}`);
  // the user's right is checked before the schema reads the path and query: a caller without it gets 401/403, not 400
  const agg = { preValidation: requireSeriesRead, serializerCompiler: plainJsonSerializer };

  app.get(
    '/series/aggregated/teltonika/gps/period/:start/:end',
    {
      ...agg,
      schema: aggSchema(z.object(periodPathFields).transform((p) => ({ range: parsePeriod(p.start, p.end) }))),
    },
    async (req, reply) => aggregated(req, reply, req.query, 'tracker', req.params.range),
  );
  app.get(
    '/series/aggregated/teltonika/gps/last/:duration/:unit',
    {
      ...agg,
      schema: aggSchema(z.object(lastFields).transform((p) => ({ range: lastPeriodNow(p.duration, p.unit) }))),
    },
    async (req, reply) => aggregated(req, reply, req.query, 'tracker', req.params.range),
  );
  app.get(
    '/series/aggregated/:deviceType/period/:start/:end',
    {
      ...agg,
      schema: aggSchema(
        z
          .object({ deviceType, ...periodPathFields })
          .transform((p) => ({ type: typeOf(p.deviceType), range: parsePeriod(p.start, p.end) })),
      ),
    },
    async (req, reply) => aggregated(req, reply, req.query, req.params.type, req.params.range),
  );
  app.get(
    '/series/aggregated/:deviceType/last/:duration/:unit',
    {
      ...agg,
      schema: aggSchema(
        z
          .object({ deviceType, ...lastFields })
          .transform((p) => ({ type: typeOf(p.deviceType), range: lastPeriodNow(p.duration, p.unit) })),
      ),
    },
    async (req, reply) => aggregated(req, reply, req.query, req.params.type, req.params.range),
  );
};
