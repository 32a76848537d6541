import { haversineM } from '@fleet/shared/geo.ts';

/**
 * Real Indonesian ports and hand-made sea lanes between them. Every lane runs from a berth, out through
 * the port's harbour approach to its anchorage, across open water and in through the other port's approach
 * to its berth. The waypoints keep clear of land at the scale of Natural Earth 1:10m; the simulator
 * tests sample every lane every ~500 m against those land polygons.
 */

/** [latitude, longitude] in decimal degrees (WGS 84). */
export type LatLon = readonly [number, number];

export interface Port {
  id: string;
  name: string;
  /** words a catalogue's home port may be written with */
  aliases: string[];
  /** from the berth out to the anchorage; the first point is the berth */
  harbour: LatLon[];
  /** a busy harbour where tugs assist ships in and out */
  harbourWork: boolean;
}

export const PORTS: Port[] = [
  {
    id: 'JKT',
    name: 'Tanjung Priok, Jakarta',
    aliases: ['priok', 'jakarta', 'jkt', 'tanjung priok'],
    harbour: [
      [-6.082, 106.88],
      [-6.06, 106.884],
      [-6.03, 106.888],
      [-5.99, 106.89],
    ],
    harbourWork: true,
  },
  {
    id: 'MRK',
    name: 'Merak, Banten',
    aliases: ['merak', 'banten', 'cilegon'],
    harbour: [
      [-5.925, 105.99],
      [-5.918, 105.965],
      [-5.91, 105.93],
    ],
    harbourWork: false,
  },
  {
    id: 'PJG',
    name: 'Panjang, Lampung',
    aliases: ['panjang', 'lampung', 'bandar lampung'],
    harbour: [
      [-5.5, 105.305],
      [-5.53, 105.31],
      [-5.57, 105.325],
    ],
    harbourWork: false,
  },
  {
    id: 'SMG',
    name: 'Tanjung Emas, Semarang',
    aliases: ['semarang', 'tanjung emas', 'smg'],
    harbour: [
      [-6.942, 110.42],
      [-6.92, 110.415],
      [-6.88, 110.4],
    ],
    harbourWork: true,
  },
  {
    id: 'SUB',
    name: 'Tanjung Perak, Surabaya',
    aliases: ['surabaya', 'perak', 'tanjung perak', 'sub', 'gresik'],
    harbour: [
      [-7.195, 112.725],
      [-7.185, 112.715],
      [-7.16, 112.703],
      [-7.13, 112.695],
      [-7.1, 112.683],
      [-7.07, 112.677],
      [-7.045, 112.677],
      [-7.02, 112.66],
      [-6.98, 112.645],
      [-6.93, 112.635],
      [-6.85, 112.63],
    ],
    harbourWork: true,
  },
  {
    id: 'MKS',
    name: 'Soekarno-Hatta, Makassar',
    aliases: ['makassar', 'soekarno', 'mks', 'ujung pandang'],
    harbour: [
      [-5.12, 119.385],
      [-5.122, 119.35],
      [-5.15, 119.3],
    ],
    harbourWork: true,
  },
  {
    id: 'BPN',
    name: 'Semayang, Balikpapan',
    aliases: ['balikpapan', 'semayang', 'bpn'],
    harbour: [
      [-1.265, 116.805],
      [-1.29, 116.812],
      [-1.34, 116.83],
      [-1.42, 116.87],
    ],
    harbourWork: true,
  },
  {
    id: 'SRI',
    name: 'Muara Berau, Samarinda',
    aliases: ['samarinda', 'muara berau', 'mahakam', 'sri'],
    harbour: [
      [-0.3, 117.62],
      [-0.34, 117.68],
      [-0.4, 117.74],
    ],
    harbourWork: false,
  },
  {
    id: 'CLP',
    name: 'Tanjung Intan, Cilacap',
    aliases: ['cilacap', 'tanjung intan', 'clp'],
    harbour: [
      [-7.72, 109.05],
      [-7.75, 109.052],
      [-7.8, 109.045],
      [-7.85, 109.0],
    ],
    harbourWork: false,
  },
  {
    id: 'BDJ',
    name: 'Trisakti, Banjarmasin',
    aliases: ['banjarmasin', 'trisakti', 'barito', 'bdj'],
    harbour: [
      [-3.37, 114.535],
      [-3.42, 114.522],
      [-3.48, 114.515],
      [-3.55, 114.48],
      [-3.75, 114.45],
    ],
    harbourWork: false,
  },
];

/** Open-water waypoints between two ports' anchorages (the harbour parts are added on both ends). */
const SEA_ROUTES: { from: string; to: string; via: LatLon[] }[] = [
  {
    from: 'JKT',
    to: 'MRK',
    via: [
      [-5.97, 106.8],
      [-5.9, 106.5],
      [-5.87, 106.3],
      [-5.85, 106.15],
      [-5.85, 106.05],
    ],
  },
  {
    from: 'MRK',
    to: 'PJG',
    via: [
      [-5.95, 105.8],
      [-5.9, 105.65],
      [-5.75, 105.48],
      [-5.64, 105.38],
    ],
  },
  {
    from: 'MRK',
    to: 'CLP',
    via: [
      [-5.98, 105.85],
      [-6.2, 105.74],
      [-6.42, 105.55],
      [-6.48, 105.0],
      [-6.95, 105.1],
      [-7.35, 106.0],
      [-7.65, 107.0],
      [-7.92, 108.4],
      [-7.9, 108.85],
    ],
  },
  {
    from: 'JKT',
    to: 'SMG',
    via: [
      [-5.9, 106.95],
      [-5.85, 107.15],
      [-5.9, 107.6],
      [-6.15, 108.35],
      [-6.45, 108.7],
      [-6.68, 109.0],
      [-6.77, 109.55],
      [-6.83, 110.05],
      [-6.84, 110.2],
      [-6.87, 110.33],
    ],
  },
  {
    from: 'SMG',
    to: 'SUB',
    via: [
      [-6.7, 110.55],
      [-6.38, 110.72],
      [-6.35, 111.2],
      [-6.55, 111.7],
      [-6.72, 112.2],
      [-6.78, 112.5],
    ],
  },
  {
    from: 'SUB',
    to: 'MKS',
    via: [
      [-6.75, 112.8],
      [-6.65, 113.5],
      [-6.4, 114.8],
      [-6.0, 116.5],
      [-5.6, 118.0],
      [-5.25, 119.1],
    ],
  },
  {
    from: 'SUB',
    to: 'BPN',
    via: [
      [-6.75, 112.8],
      [-6.2, 113.6],
      [-5.2, 115.5],
      [-4.5, 116.5],
      [-3.2, 116.75],
      [-2.2, 117.0],
      [-1.6, 117.0],
    ],
  },
  {
    from: 'SUB',
    to: 'BDJ',
    via: [
      [-6.75, 112.8],
      [-5.5, 113.5],
      [-4.3, 114.2],
    ],
  },
  {
    from: 'BDJ',
    to: 'BPN',
    via: [
      [-4.25, 114.6],
      [-4.3, 115.5],
      [-4.3, 116.5],
      [-3.2, 116.75],
      [-2.2, 117.0],
      [-1.6, 117.0],
    ],
  },
  {
    from: 'BPN',
    to: 'SRI',
    via: [
      [-1.3, 117.2],
      [-1.0, 117.6],
      [-0.7, 117.75],
      [-0.45, 117.75],
    ],
  },
  {
    from: 'BPN',
    to: 'MKS',
    via: [
      [-1.6, 117.2],
      [-2.6, 117.8],
      [-4.0, 118.8],
      [-4.8, 119.2],
    ],
  },
  {
    from: 'SMG',
    to: 'BDJ',
    via: [
      [-6.5, 110.6],
      [-6.3, 110.9],
      [-4.5, 113.5],
      [-4.0, 114.2],
    ],
  },
];

const rad = Math.PI / 180;

/**
 * Initial bearing from a to b, degrees true 0–360. Not shared geo.ts's initialBearing: that one converts degrees in
 * another order, and a last-bit difference in a lane's heading could round a reading's track differently.
 */
export function bearing(a: LatLon, b: LatLon): number {
  const φ1 = a[0] * rad;
  const φ2 = b[0] * rad;
  const dλ = (b[1] - a[1]) * rad;
  const y = Math.sin(dλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(dλ);
  return (Math.atan2(y, x) / rad + 360) % 360;
}

/** A polyline with cumulative distances, for positions by distance travelled. */
export class Lane {
  readonly length: number;
  private readonly cum: Float64Array;
  private readonly headings: Float64Array;

  constructor(
    readonly id: string,
    readonly from: string,
    readonly to: string,
    readonly points: LatLon[],
    /** metres of the harbour approach at the start and at the end */
    readonly harbourStart: number,
    readonly harbourEnd: number,
  ) {
    this.cum = new Float64Array(points.length);
    this.headings = new Float64Array(Math.max(1, points.length - 1));
    for (let i = 1; i < points.length; i++) {
      this.cum[i] = this.cum[i - 1] + haversineM(...points[i - 1], ...points[i]);
      this.headings[i - 1] = bearing(points[i - 1], points[i]);
    }
    this.length = this.cum[points.length - 1];
  }

  private segmentIndex(d: number): number {
    let lo = 0;
    let hi = this.points.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.cum[mid] <= d) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Position and heading at distance d from the start (clamped to the lane); reversed = travelling end → start. */
  at(d: number, reversed = false): { lat: number; lon: number; heading: number } {
    const along = Math.min(this.length, Math.max(0, reversed ? this.length - d : d));
    const i = this.segmentIndex(along);
    const seg = this.cum[i + 1] - this.cum[i];
    const f = seg > 0 ? (along - this.cum[i]) / seg : 0;
    const [aLat, aLon] = this.points[i];
    const [bLat, bLon] = this.points[i + 1];
    const heading = reversed ? (this.headings[i] + 180) % 360 : this.headings[i];
    return { lat: aLat + (bLat - aLat) * f, lon: aLon + (bLon - aLon) * f, heading };
  }
}

export const portById = new Map(PORTS.map((p) => [p.id, p]));

function harbourLength(p: Port): number {
  let d = 0;
  for (let i = 1; i < p.harbour.length; i++) d += haversineM(...p.harbour[i - 1], ...p.harbour[i]);
  return d;
}

/** Every lane in both directions, keyed `FROM-TO`, plus one harbour lane per port keyed `FROM` (berth → anchorage). */
export const LANES = new Map<string, Lane>();
for (const p of PORTS) LANES.set(p.id, new Lane(p.id, p.id, p.id, [...p.harbour], 0, harbourLength(p)));
for (const r of SEA_ROUTES) {
  const a = portById.get(r.from);
  const b = portById.get(r.to);
  if (!a || !b) throw new Error(`sea route ${r.from}-${r.to}: unknown port`);
  const points = [...a.harbour, ...r.via, ...[...b.harbour].reverse()];
  LANES.set(`${a.id}-${b.id}`, new Lane(`${a.id}-${b.id}`, a.id, b.id, points, harbourLength(a), harbourLength(b)));
  LANES.set(
    `${b.id}-${a.id}`,
    new Lane(`${b.id}-${a.id}`, b.id, a.id, [...points].reverse(), harbourLength(b), harbourLength(a)),
  );
}

/** Ports reachable in one voyage from a port. */
export function neighbours(portId: string): string[] {
  const out: string[] = [];
  for (const r of SEA_ROUTES) {
    if (r.from === portId) out.push(r.to);
    else if (r.to === portId) out.push(r.from);
  }
  return out;
}

/** The next port on a shortest (fewest voyages) way from `from` to `to`. */
export function nextHop(from: string, to: string): string | undefined {
  const prev = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length) {
    const cur = queue.shift() as string;
    if (cur === to) break;
    for (const n of neighbours(cur)) {
      if (!prev.has(n)) {
        prev.set(n, cur);
        queue.push(n);
      }
    }
  }
  if (!prev.has(to) || from === to) return undefined;
  let step = to;
  while (prev.get(step) !== from) step = prev.get(step) as string;
  return step;
}

/** A port from free text ("Tanjung Priok", "Surabaya", "BPN"); undefined when nothing matches. */
export function findPort(text: string | undefined | null): Port | undefined {
  if (!text) return undefined;
  const t = text.toLowerCase();
  return (
    PORTS.find((p) => p.id.toLowerCase() === t) ??
    PORTS.find((p) => p.name.toLowerCase() === t) ??
    PORTS.find((p) => p.aliases.some((a) => t.includes(a)))
  );
}
