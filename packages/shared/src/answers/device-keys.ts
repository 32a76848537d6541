import { z } from 'zod';

/** An ingest key of a device as `GET /api/master/device/{id}/keys` lists it (docs/api.md "Device keys"). */
export const deviceKeySchema = z.object({
  keyId: z.number(),
  label: z.string(),
  createdTime: z.number(),
  createdUserId: z.string().nullable(),
  revokedTime: z.number().nullable(),
  lastUsedTime: z.number().nullable().describe('when the key last let readings in, to the minute; null: never'),
});
export type DeviceKey = z.infer<typeof deviceKeySchema>;

/** `POST /api/master/device/{id}/keys`: the new key with its plaintext `key`, answered this once. */
export const issuedDeviceKeySchema = deviceKeySchema.extend({ key: z.string() });
export type IssuedDeviceKey = z.infer<typeof issuedDeviceKeySchema>;
