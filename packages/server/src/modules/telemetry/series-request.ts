import { type DeviceType, devcTypeNames, telemetryType } from '@fleet/shared/telemetry.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, forbidden } from '../../http/envelope.ts';
import { listParam, oneParam, type RawQuery, textField } from '../../http/params.ts';
import { visibleDevices } from '../access/visibility.ts';
import { authError } from '../auth/session.ts';

/**
 * What every series route (aggregated, base, pulse) reads of its request: the caller's right, the devices in the
 * caller's scope (a device outside it is absent from lists and 404 when named alone), the devices named, the row
 * limit.
 */

export const SERIES_LIMIT = 10000;

/** A signed-in user who may read devices or assets (the screens that show series need one of them). */
export async function requireSeriesRead(req: FastifyRequest, _reply: FastifyReply) {
  if (!req.session) throw authError(req);
  const a = req.session.access;
  if (!a.master_device?.includes('read') && !a.master_asset?.includes('read'))
    throw forbidden('You do not have read access to master_device or master_asset');
}

export interface ScopedDevice {
  devcId: number;
  devcUniqueId: string;
  devcName: string;
  devcType: string;
  devcLabel: string | null;
  devcMassId: number | null;
  type: DeviceType | undefined;
}

/** The user's devices; with `only`, just those named (unique ids or devc_ids). */
export async function scopedDevices(
  app: FastifyInstance,
  req: FastifyRequest,
  only: string[] = [],
  /** only the devices of this telemetry type (filtered in SQL) */
  kind?: DeviceType,
): Promise<ScopedDevice[]> {
  const rows = await visibleDevices(app.deps.database.db, req.session!, only, kind && devcTypeNames(kind));
  return rows.map((d) => ({
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
export function pick(devices: ScopedDevice[], names: string[]): ScopedDevice[] {
  const byUid = new Map(devices.map((d) => [d.devcUniqueId, d]));
  const byId = new Map(devices.map((d) => [String(d.devcId), d]));
  const out = new Set<ScopedDevice>();
  for (const n of names) {
    const d = byUid.get(n) ?? byId.get(n);
    if (d) out.add(d);
  }
  return [...out];
}

export function limitParam(q: RawQuery): number {
  const text = oneParam(q, 'limit');
  if (text === undefined || text === '') return SERIES_LIMIT;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > SERIES_LIMIT)
    throw badRequest(`limit must be a whole number from 1 to ${SERIES_LIMIT}`);
  return n;
}

export const isNumber = (s: string) => /^-?\d+(\.\d+)?$/.test(s.trim());

export const deviceField = textField(
  'devices by unique id or devc_id: repeat, or device[]; default every visible device',
);

/** The devices a call names (`device`, `device[]`, `device[0]` …). */
export const namedDevices = (q: RawQuery) => listParam(q, 'device');
