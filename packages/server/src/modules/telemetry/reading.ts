import { TELEMETRY_TYPE_NAMES, TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import { z } from 'zod';

/**
 * One reading as a device sends it over HTTP (`POST /api/ingest`) and MQTT (docs/api.md "Device ingest"), for the API
 * documents (OpenAPI and AsyncAPI). Documentation only: ingest checks each reading by hand (ingest.ts `checkReading`,
 * `readValues`), so one bad reading is rejected with its reason while the rest of its batch is stored.
 */
const dataKeys = TELEMETRY_TYPE_NAMES.map(
  (t) =>
    `${t}: ${TELEMETRY_TYPES[t].metrics.map((m) => [m.key, ...(m.aliases ?? [])].join(' or ')).join(', ')} (${TELEMETRY_TYPES[t].metrics.map((m) => `${m.key} ${m.min} to ${m.max}`).join('; ')})`,
).join(' | ');

export const readingSchema = z
  .object({
    device: z
      .string()
      .min(1)
      .optional()
      .describe(
        "the device's unique id (devcUniqueId); absent: the key's own device (HTTP) or the device in the topic (MQTT)",
      ),
    ts: z
      .union([z.number(), z.string()])
      .optional()
      .describe('the time of the reading: epoch seconds, or an ISO 8601 date-time (from 2000 to 5 minutes ahead)'),
    timestamp: z.union([z.number(), z.string()]).optional().describe('another name of ts'),
    type: z
      .string()
      .optional()
      .describe(`the device's type, checked when given: ${TELEMETRY_TYPE_NAMES.join(', ')}`),
    data: z
      .record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()]))
      .describe(
        `data key → value. Keys match case-insensitively; numbers may be decimal text, 0/1 flags booleans. Keys and ranges per type: ${dataKeys}`,
      ),
  })
  .describe('One reading of one device; either ts or timestamp is required');
