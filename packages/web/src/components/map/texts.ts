import { defineTexts } from '../../api/i18n.ts';

/** The base map's controls and credits (spec 002 §2.5) and the track map's dot popup. */
export const mapTexts = defineTexts(
  'components.map',
  {
    changeMap: 'Change Map',
    changeMapNow: 'Change Map (now: {{layer}})',
    /** the server's settings of the Change Map layers (packages/server/src/config.ts, README "Configuration") */
    noTileServer:
      '{{layer}} — no tile server configured: an administrator sets MAP_SATELLITE_URL, MAP_ROAD_URL or MAP_BATHYMETRY_URL on the server (README, "Configuration")',
    offlineBase: 'Natural Earth (offline)',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    /** attribution of the offline base's land and coastline */
    naturalEarthCredit: 'Natural Earth (offline base)',
    /** attribution of the place names: `source` and `licence` are links */
    placesCredit: 'Places © {{source}} ({{licence}})',
    /** a track point's speed */
    speedValue: 'Speed {{speed}}',
  },
  {
    changeMap: 'Ganti Peta',
    changeMapNow: 'Ganti Peta (saat ini: {{layer}})',
    noTileServer:
      '{{layer}} — belum ada server tile yang dikonfigurasi: administrator mengatur MAP_SATELLITE_URL, MAP_ROAD_URL atau MAP_BATHYMETRY_URL di server (README, bagian "Configuration")',
    offlineBase: 'Natural Earth (luring)',
    zoomIn: 'Perbesar',
    zoomOut: 'Perkecil',
    naturalEarthCredit: 'Natural Earth (peta dasar luring)',
    placesCredit: 'Nama tempat © {{source}} ({{licence}})',
    speedValue: 'Kecepatan {{speed}}',
  },
);
