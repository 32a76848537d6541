import type { Config } from '../../config.ts';
import { inputJsonSchema, outputJsonSchema } from '../../http/openapi.ts';
import { ingestResultSchema } from '../telemetry/ingest.routes.ts';
import { readingSchema } from '../telemetry/reading.ts';
import { ASYNCAPI_DOCUMENT, type AsyncApiDocument } from './asyncapi-document.ts';

/** host[:port] of a URL, without its credentials; undefined when it is not one. */
function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The AsyncAPI document served at /api/docs/asyncapi.json: the hand-written one (asyncapi-document.ts) with the
 * product's version, this installation's servers (the broker's host without credentials, the tracker port) and the
 * payload schemas made from the zod schemas HTTP ingest documents — one source for both documents.
 */
export function asyncApiDocument(
  config: Pick<Config, 'mqttUrl' | 'publicUrl' | 'teltonikaPort'>,
  version: string,
): AsyncApiDocument {
  const doc = structuredClone(ASYNCAPI_DOCUMENT);
  doc.info.version = version;
  const broker = hostOf(config.mqttUrl);
  const { servers } = doc;
  servers.mqtt.host = broker ?? 'broker:1883';
  if (!broker) servers.mqtt.description = `Not set up on this server (MQTT_URL is unset). ${servers.mqtt.description}`;
  const host = new URL(config.publicUrl).hostname;
  for (const s of [servers.teltonikaTcp, servers.teltonikaUdp]) {
    s.host = `${host}:${config.teltonikaPort || 5027}`;
    if (!config.teltonikaPort) s.description = `Off on this server (TELTONIKA_PORT=0). ${s.description}`;
  }
  doc.components.schemas = {
    ...doc.components.schemas,
    Reading: inputJsonSchema(readingSchema),
    IngestResult: outputJsonSchema(ingestResultSchema),
  };
  return doc;
}
