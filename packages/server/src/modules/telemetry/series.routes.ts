import { unitSeconds } from '@fleet/shared';
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
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, envelope, forbidden, notFound, ok, okJson, plainJsonSerializer } from '../../http/envelope.ts';
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
import { isoTime } from '../../http/time.ts';
import { visibleDevices } from '../access/scope.ts';
import { authError } from '../auth/session.ts';
import {
  type AggregateFunction,
  type AggregateRow,
  additionalKey,
  aggregate,
  parseFilters,
  type RawRow,
  rawRows,
  SeriesError,
} from './series.ts';
import { telemetryStore } from './sql.ts';

/**
 * Reading telemetry back (spec 000 §7, spec 002 §7.2 and §7.4): pulse (latest readings),
 * aggregated series and raw (base) series. Every answer is limited to the devices of the assets the
 * signed-in user may see; a device outside that scope is absent from lists and 404 when named alone.
 */

export const SERIES_LIMIT = 10000;

/** A signed-in user who may read devices or assets (the screens that show series need one of them). */
async function requireSeriesRead(req: FastifyRequest, _reply: FastifyReply) {
  if (!req.session) throw authError(req);
  const a = req.session.access;
  if (!a.master_device?.includes('read') && !a.master_asset?.includes('read'))
    throw forbidden('You do not have read access to master_device or master_asset');
}

interface ScopedDevice {
  devcId: number;
  devcUniqueId: string;
  devcName: string;
  devcType: string;
  devcLabel: string | null;
  devcMassId: number | null;
  type: DeviceType | undefined;
}

/** The user's devices; with `only`, just those named (unique ids or devc_ids). */
async function scopedDevices(app: FastifyInstance, req: FastifyRequest, only: string[] = []): Promise<ScopedDevice[]> {
  const rows = await visibleDevices(app.deps.database.db, req.session!, only);
  return rows.map((d: any) => ({
    devcId: Number(d.devcId),
    devcUniqueId: d.devcUniqueId,
    devcName: d.devcName,
    devcType: d.devcType,
    devcLabel: d.devcLabel ?? null,
    devcMassId: d.devcMassId === null ? null : Number(d.devcMassId),
    type: telemetryType(d.devcType),
  }));
}

/** Devices named by unique id (or devc_id) among those in scope; unknown or foreign ones are dropped. */
function pick(devices: ScopedDevice[], names: string[]): ScopedDevice[] {
  const byUid = new Map(devices.map((d) => [d.devcUniqueId, d]));
  const byId = new Map(devices.map((d) => [String(d.devcId), d]));
  const out = new Set<ScopedDevice>();
  for (const n of names) {
    const d = byUid.get(n) ?? byId.get(n);
    if (d) out.add(d);
  }
  return [...out];
}

function limitParam(q: RawQuery): number {
  const text = oneParam(q, 'limit');
  if (text === undefined || text === '') return SERIES_LIMIT;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > SERIES_LIMIT)
    throw badRequest(`limit must be a whole number from 1 to ${SERIES_LIMIT}`);
  return n;
}

/**
 * The `data` of an aggregated answer, `{ series, count }`, written as JSON text row by row: the same
 * document JSON.stringify would make of the row objects, in about half the time and without building them.
 * A row: deviceId, devcId, devcLabel, timestamp, datetime, the primary function's value of every data point,
 * and `additional` with the extra functions' values.
 */
function aggregatedJson(
  rows: AggregateRow[],
  devices: ScopedDevice[],
  keys: string[],
  extraKeys: string[],
  /** per value: the index of an earlier identical function, or -1 */
  dupOf: number[],
): string {
  const head = new Map(
    devices.map((d) => [
      d.devcId,
      `{"deviceId":${JSON.stringify(d.devcUniqueId)},"devcId":${d.devcId},"devcLabel":${JSON.stringify(d.devcLabel)},"timestamp":`,
    ]),
  );
  const keyParts = keys.map((k) => `,${JSON.stringify(k)}:`);
  const extraParts = extraKeys.map((k, i) => `${i ? ',' : ''}${JSON.stringify(k)}:`);
  const m = keys.length;
  const text: string[] = new Array(dupOf.length);
  let out = '{"series":[';
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    for (let i = 0; i < dupOf.length; i++) text[i] = dupOf[i] < 0 ? jsonNumber(row.values[i]) : text[dupOf[i]];
    out += `${r ? ',' : ''}${head.get(row.deviceId)}${row.timestamp},"datetime":"${isoTime(row.timestamp)}"`;
    for (let i = 0; i < m; i++) out += keyParts[i] + text[i];
    out += ',"additional":{';
    for (let i = 0; i < extraParts.length; i++) out += extraParts[i] + text[m + i];
    out += '}}';
  }
  return `${out}],"count":${rows.length}}`;
}

const jsonNumber = (v: number | null) => (v === null || !Number.isFinite(v) ? 'null' : String(tidy(v)));

/**
 * Aggregated values to 7 decimal places (docs/domain.md §1): the float noise of sums and averages
 * (-6.942000000000005) is not data, and a 30-day hourly answer is a third smaller without it.
 * Values beyond 10^8 are left as they are (scaling them would lose integer precision).
 */
export const tidy = (v: number | null) => (v === null || Math.abs(v) >= 1e8 ? v : Math.round(v * 1e7) / 1e7);

const isNumber = (s: string) => /^-?\d+(\.\d+)?$/.test(s.trim());

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

const seriesRow = z
  .object({ deviceId: z.string(), devcId: z.number(), timestamp: z.number(), datetime: z.string() })
  .catchall(z.unknown());

const aggregatedAnswer = envelope(z.object({ series: z.array(seriesRow), count: z.number() }));
const baseAnswer = envelope(
  z.object({
    fromString: z.string(),
    toString: z.string(),
    devices: z.array(
      z.object({
        devcId: z.number(),
        devcUniqueId: z.string(),
        devcName: z.string(),
        devcType: z.string(),
        devcLabel: z.string().nullable(),
      }),
    ),
    series: z.array(
      z.object({ id: z.string(), deviceId: z.string(), datetime: z.string(), timestamp: z.number(), data: z.string() }),
    ),
  }),
);
const pulseAnswer = envelope(z.object({ series: z.array(seriesRow) }));

const deviceField = textField('devices by unique id or devc_id: repeat, or device[]; default every visible device');

/** The devices a call names (`device`, `device[]`, `device[0]` …). */
const namedDevices = (q: RawQuery) => listParam(q, 'device');

/** The query of an aggregated series (spec 000 §7), parsed and checked by the route's schema. */
function aggregatedQuerySchema(tzDefault: number) {
  return z
    .looseObject({
      aggregatedUnit: textField(`${AGG_UNITS.join(', ')}; default HOUR`),
      aggregatedLength: textField('buckets of this many units, from 1; MINUTE × 60 is HOUR'),
      timezone: textField('hours east of UTC, -12 to 14 in quarter hours; default the server TZ_OFFSET'),
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
      const tz = parseTimezone(oneParam(q, 'timezone'), tzDefault);
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

/** The query of a pulse (latest readings). */
const pulseQuery = z
  .looseObject({ device: deviceField })
  .transform((raw) => ({ named: namedDevices(raw as RawQuery) }));

export const seriesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tzDefault = base.deps.config.tzOffset;

  // ------------------------------------------------------------ aggregated
  async function aggregated(req: FastifyRequest, q: AggregatedQuery, type: DeviceType, range: Period) {
    const { unit, length, tz, limit, extra, named, label } = q;
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

    const functions: AggregateFunction[] = [...def.metrics.map((x) => ({ name: primary, column: x.key })), ...extra];
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
    // a function asked twice (the primary AVG of speed and AVG_dlgpSpeed_0) is written from the first's text
    const same = functions.map((fn) => `${fn.name}|${findMetric(def, fn.column)?.column}|${fn.param ?? ''}`);
    const dupOf = same.map((k, i) => {
      const first = same.indexOf(k);
      return first === i ? -1 : first;
    });
    return okJson<{ series: z.infer<typeof seriesRow>[]; count: number }>(
      aggregatedJson(
        rows.slice(0, limit),
        devices,
        def.metrics.map((x) => x.key),
        extraKeys,
        dupOf,
      ),
    );
  }

  const typeOf = (text: string): DeviceType => {
    const t = telemetryType(text);
    if (!t) throw badRequest(`Unknown device type ${text}; one of ${Object.keys(TELEMETRY_TYPES).join(', ')}`);
    return t;
  };
  const aggregatedQuery = aggregatedQuerySchema(tzDefault);
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
    async (req) => aggregated(req, req.query, 'tracker', req.params.range),
  );
  app.get(
    '/series/aggregated/teltonika/gps/last/:duration/:unit',
    {
      ...agg,
      schema: aggSchema(z.object(lastFields).transform((p) => ({ range: lastPeriodNow(p.duration, p.unit) }))),
    },
    async (req) => aggregated(req, req.query, 'tracker', req.params.range),
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
    async (req) => aggregated(req, req.query, req.params.type, req.params.range),
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
    async (req) => aggregated(req, req.query, req.params.type, req.params.range),
  );

  // ------------------------------------------------------------ base (raw) series
  async function baseSeries(req: FastifyRequest, q: BaseQuery, range: Period, newest: boolean) {
    const { limit, interval, named } = q;
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
          start: range.start,
          end: range.end,
          limit,
          newest,
          interval,
        })),
      );
    rows.sort((a, b) => a.ts - b.ts || a.deviceId - b.deviceId);
    const kept = newest ? rows.slice(Math.max(0, rows.length - limit)) : rows.slice(0, limit);
    const byId = new Map(devices.map((d) => [d.devcId, d]));
    return ok({
      fromString: isoTime(range.start),
      toString: isoTime(range.end),
      devices: devices.map((d) => ({
        devcId: d.devcId,
        devcUniqueId: d.devcUniqueId,
        devcName: d.devcName,
        devcType: d.devcType,
        devcLabel: d.devcLabel,
      })),
      series: kept.map((r) => {
        const values: Record<string, number> = {};
        for (const [k, v] of Object.entries(r.values)) if (v !== null) values[k] = v;
        return {
          id: `${r.deviceId}-${r.ts}`,
          deviceId: byId.get(r.deviceId)!.devcUniqueId,
          datetime: isoTime(r.ts),
          timestamp: r.ts,
          data: JSON.stringify(values),
        };
      }),
    });
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

  // ------------------------------------------------------------ pulse (latest readings)
  async function pulse(devices: ScopedDevice[]) {
    const states = await telemetryStore(base.deps.database).lastStates(devices.map((d) => d.devcId));
    const byId = new Map(devices.map((d) => [d.devcId, d]));
    const series = states
      .map((s) => {
        const d = byId.get(s.deviceId)!;
        return {
          deviceId: d.devcUniqueId,
          devcId: d.devcId,
          devcUniqueId: d.devcUniqueId,
          devcType: d.type!,
          devcLabel: d.devcLabel,
          devcMassId: d.devcMassId,
          timestamp: s.ts,
          datetime: isoTime(s.ts),
          ...s.data,
        };
      })
      .sort((a, b) => a.devcId - b.devcId);
    return ok({ series });
  }

  const pulseSchema = { tags: ['telemetry'], querystring: pulseQuery, response: { 200: pulseAnswer } };
  app.get(
    '/series/teltonika/gps/pulse',
    { preValidation: requireSeriesRead, serializerCompiler: plainJsonSerializer, schema: pulseSchema },
    async (req) => {
      const { named } = req.query;
      let devices = (await scopedDevices(base, req, named)).filter((d) => d.type === 'tracker');
      if (named.length) devices = pick(devices, named);
      return pulse(devices);
    },
  );
  /**
   * `{id}` is a device (devc_id or unique id): its latest reading, 404 outside the user's scope;
   * or a device type (`gps`, `rpm` …, or `all`): the latest reading of each listed (`device[]`) or visible device of it.
   */
  app.get(
    '/series/device/:id/pulse',
    {
      preValidation: requireSeriesRead,
      serializerCompiler: plainJsonSerializer,
      schema: { ...pulseSchema, params: z.object({ id: z.string() }) },
    },
    async (req) => {
      const { named } = req.query;
      const kind = req.params.id === 'all' ? 'all' : telemetryType(req.params.id);
      // only the devices the call can answer with are read: the named ones and the path's id (a device, unless it
      // names a kind); a kind without names needs all of them
      const only = named.length ? [req.params.id, ...named] : kind ? [] : [req.params.id];
      const all = (await scopedDevices(base, req, only)).filter((d) => d.type);
      if (kind && !all.some((d) => d.devcUniqueId === req.params.id)) {
        const ofKind = kind === 'all' ? all : all.filter((d) => d.type === kind);
        return pulse(named.length ? pick(ofKind, named) : ofKind);
      }
      const [device] = pick(all, [req.params.id]);
      if (!device) throw notFound('Device');
      return pulse([device]);
    },
  );
};
