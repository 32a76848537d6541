import type { TrackPoint } from '@fleet/shared/answers/voyages.ts';

/** A track as GPX 1.1 and KML 2.2 documents (docs/domain.md §40): UTC ISO times, names escaped. */

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** `2026-11-20T01:00:00Z` (whole seconds). */
export const isoUtc = (ts: number) => new Date(ts * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

export interface TrackFile {
  vesselName: string;
  start: number;
  end: number;
  points: TrackPoint[];
}

/** `<vessel> <first UTC day>_<last UTC day>.<ext>` of the period `[start, end)`. */
export function trackFileName(f: TrackFile, ext: 'gpx' | 'kml'): string {
  const day = (ts: number) => isoUtc(ts).slice(0, 10);
  return `${f.vesselName} ${day(f.start)}_${day(Math.max(f.start, f.end - 1))}.${ext}`;
}

const title = (f: TrackFile) => `${f.vesselName} ${isoUtc(f.start)} – ${isoUtc(f.end)}`;

export function trackGpx(f: TrackFile): string {
  const name = escapeXml(f.vesselName);
  const points = f.points.map((p) => `      <trkpt lat="${p.lat}" lon="${p.lng}"><time>${isoUtc(p.ts)}</time></trkpt>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Fleet Monitoring" xmlns="http://www.topografix.com/GPX/1/1">',
    `  <metadata><name>${escapeXml(title(f))}</name></metadata>`,
    `  <trk>`,
    `    <name>${name}</name>`,
    '    <trkseg>',
    ...points,
    '    </trkseg>',
    '  </trk>',
    '</gpx>',
    '',
  ].join('\n');
}

export function trackKml(f: TrackFile): string {
  const name = escapeXml(f.vesselName);
  const first = f.points[0];
  const last = f.points.at(-1);
  const point = (label: string, p: TrackPoint) =>
    `    <Placemark><name>${escapeXml(label)}</name><TimeStamp><when>${isoUtc(p.ts)}</when></TimeStamp>` +
    `<Point><coordinates>${p.lng},${p.lat}</coordinates></Point></Placemark>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    '  <Document>',
    `    <name>${escapeXml(title(f))}</name>`,
    ...(first && last && f.points.length >= 2
      ? [
          '    <Placemark>',
          `      <name>${name}</name>`,
          `      <TimeSpan><begin>${isoUtc(first.ts)}</begin><end>${isoUtc(last.ts)}</end></TimeSpan>`,
          '      <LineString>',
          '        <tessellate>1</tessellate>',
          `        <coordinates>${f.points.map((p) => `${p.lng},${p.lat}`).join(' ')}</coordinates>`,
          '      </LineString>',
          '    </Placemark>',
        ]
      : []),
    // a LineString needs two positions: a single fix is the start point alone
    ...(first ? [point(`${f.vesselName} start`, first)] : []),
    ...(first && last && last !== first ? [point(`${f.vesselName} end`, last)] : []),
    '  </Document>',
    '</kml>',
    '',
  ].join('\n');
}
