import type { PulseAnswer } from '@fleet/shared/answers/pulse.ts';
import { telemetryType } from '@fleet/shared/telemetry.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, okJson, plainJsonSerializer } from '../../http/envelope.ts';
import type { RawQuery } from '../../http/params.ts';
import { type LastRow, pulseAnswer, pulseJson } from './series-answers.ts';
import {
  deviceField,
  namedDevices,
  pick,
  requireSeriesRead,
  type ScopedDevice,
  scopedDevices,
} from './series-request.ts';
import { query } from './sql.ts';
import { LAST_STATES_SQL } from './telemetry-store.ts';

/** Pulse (spec 000 §7): the latest reading of each of the caller's devices, from telemetry_last. */

/** The query of a pulse (latest readings). */
const pulseQuery = z
  .looseObject({ device: deviceField })
  .transform((raw) => ({ named: namedDevices(raw as RawQuery) }));

export const seriesPulseRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  async function pulse(devices: ScopedDevice[]) {
    // telemetry_last's rows as read: their values' JSON text goes into the answer as it is (series-answers.ts)
    const rows = devices.length
      ? await query<LastRow>(
          base.deps.database,
          LAST_STATES_SQL(devices.length),
          devices.map((d) => d.devcId),
        )
      : [];
    return okJson<PulseAnswer>(pulseJson(devices, rows));
  }

  const pulseSchema = { tags: ['telemetry'], querystring: pulseQuery, response: { 200: pulseAnswer } };
  app.get(
    '/series/teltonika/gps/pulse',
    { preValidation: requireSeriesRead, serializerCompiler: plainJsonSerializer, schema: pulseSchema },
    async (req) => {
      const { named } = req.query;
      let devices = (await scopedDevices(base, req, named, 'tracker')).filter((d) => d.type === 'tracker');
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
      if (kind && kind !== 'all' && !named.length) {
        // a kind without names: that kind's devices, filtered in SQL (a fleet's other devices are not read) — unless
        // a visible device's unique id is the kind's name, which the path then means, as below
        const same = (await scopedDevices(base, req, [req.params.id])).filter(
          (d) => d.type && d.devcUniqueId === req.params.id,
        );
        return pulse(same.length ? same : await scopedDevices(base, req, [], kind));
      }
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
