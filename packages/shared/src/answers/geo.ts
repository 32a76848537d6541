import { z } from 'zod';

/** The maps' base layers, ports, location texts (docs/domain.md §26) and the weather frame's configuration. */

/**
 * A row of `GET /api/geo/base-layers`: a configured base layer of the Change Map cycle (README "Map tiles"), an
 * XYZ tile template or a WMS service (`layers`).
 */
export const baseLayerSchema = z.object({
  id: z.enum(['satellite', 'road', 'bathymetry']),
  name: z.string(),
  kind: z.enum(['tile', 'wms']),
  url: z.string(),
  attribution: z.string(),
  layers: z.string().optional(),
});
export type BaseLayer = z.infer<typeof baseLayerSchema>;

/** A row of `GET /api/geo/ports`: a port of the offline gazetteer. */
export const portSchema = z.object({ name: z.string(), lat: z.number(), lng: z.number() });
export type Port = z.infer<typeof portSchema>;

/** `POST /api/geo/locations`: one location text per position asked, in order (docs/domain.md §26). */
export const locationsSchema = z.array(z.string());
export type Locations = z.infer<typeof locationsSchema>;

/** `GET /api/weather/config` (permission weather): whether a provider key is configured, and what the frame loads. */
export const weatherConfigSchema = z.object({
  configured: z.boolean(),
  key: z.string().nullable(),
  scriptUrl: z.string(),
  leafletUrl: z.string(),
});
export type WeatherConfig = z.infer<typeof weatherConfigSchema>;
