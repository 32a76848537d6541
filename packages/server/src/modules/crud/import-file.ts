import { inflateRawSync } from 'node:zlib';
import { badRequest } from '../../http/envelope.ts';

/** A cell as the file holds it: text, or a number an XLSX stores as a number. */
export type ImportCell = string | number | null;

export const UNREADABLE_FILE_MESSAGE = 'The file could not be read: send a CSV file or an Excel workbook (.xlsx)';

/** Most bytes one part of an XLSX may unpack to (a small sheet compresses well; a zip bomb does not get through). */
const MAX_UNPACKED = 32 * 1024 * 1024;

/**
 * The rows of an imported file (issue 28, docs/api.md "Bulk actions and imports"): a CSV (comma, semicolon or tab
 * separated — the separator the header line uses most; quotes as RFC 4180; a UTF-8 byte order mark dropped) or the
 * first sheet of an XLSX workbook. The first row is the header. Read here, on the server: the client's own reading
 * of the file is never trusted.
 */
export function readTable(bytes: Buffer, fileName: string): ImportCell[][] {
  const zip = bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
  if (zip || /\.xlsx$/i.test(fileName)) {
    if (!zip) throw badRequest(UNREADABLE_FILE_MESSAGE);
    return readXlsx(bytes);
  }
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw badRequest(UNREADABLE_FILE_MESSAGE);
  return readCsv(text);
}

/** CSV text → rows of text cells; the separator is the one the first line uses most (, ; or tab). */
export function readCsv(text: string): ImportCell[][] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => firstLine.split(c).length - 1;
  const sep = [';', '\t', ','].reduce((best, c) => (count(c) > count(best) ? c : best), ',');
  const rows: ImportCell[][] = [];
  let row: ImportCell[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The entries of a zip archive by name (stored or deflated), unpacked on demand. */
function zipEntries(bytes: Buffer): Map<string, () => Buffer> {
  // the end of central directory record: its signature, searched from the end (a comment may follow it)
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw badRequest(UNREADABLE_FILE_MESSAGE);
  const entries = new Map<string, () => Buffer>();
  const count = bytes.readUInt16LE(eocd + 10);
  let p = bytes.readUInt32LE(eocd + 16);
  for (let n = 0; n < count; n++) {
    if (p + 46 > bytes.length || bytes.readUInt32LE(p) !== 0x02014b50) throw badRequest(UNREADABLE_FILE_MESSAGE);
    const method = bytes.readUInt16LE(p + 10);
    const size = bytes.readUInt32LE(p + 20);
    const nameLength = bytes.readUInt16LE(p + 28);
    const extraLength = bytes.readUInt16LE(p + 30);
    const commentLength = bytes.readUInt16LE(p + 32);
    const local = bytes.readUInt32LE(p + 42);
    const name = bytes.toString('utf8', p + 46, p + 46 + nameLength);
    entries.set(name, () => {
      if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50)
        throw badRequest(UNREADABLE_FILE_MESSAGE);
      const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
      const data = bytes.subarray(start, start + size);
      if (method === 0) return data;
      if (method !== 8) throw badRequest(UNREADABLE_FILE_MESSAGE);
      try {
        return inflateRawSync(data, { maxOutputLength: MAX_UNPACKED });
      } catch {
        throw badRequest(UNREADABLE_FILE_MESSAGE);
      }
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const xmlText = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : (ENTITIES[e] ?? m),
  );
/** The text of the <t> elements inside an XML fragment (a shared string, an inline string), joined. */
const texts = (xml: string) => [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => xmlText(m[1])).join('');
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The column of a cell reference, from 0: A1 → 0, AB7 → 27. */
const columnOf = (ref: string) => {
  let n = 0;
  for (const c of ref.replace(/\d+$/, '').toUpperCase()) n = n * 26 + (c.charCodeAt(0) - 64);
  return n - 1;
};

/** The first sheet of an XLSX workbook as rows of cells (numbers stay numbers; text, booleans and formulas' values). */
function readXlsx(bytes: Buffer): ImportCell[][] {
  const zip = zipEntries(bytes);
  const read = (name: string) => zip.get(name)?.().toString('utf8');
  // the first sheet of the workbook, through its relationship; sheet1.xml when the workbook does not say
  let sheetPath = 'xl/worksheets/sheet1.xml';
  const workbook = read('xl/workbook.xml');
  const rels = read('xl/_rels/workbook.xml.rels');
  const firstSheet = workbook && /<sheet\s[^>]*>/.exec(workbook)?.[0];
  const rid = firstSheet && attr(firstSheet, 'r:id');
  if (rid && rels) {
    const rel = [...rels.matchAll(/<Relationship\s[^>]*>/g)].map((m) => m[0]).find((r) => attr(r, 'Id') === rid);
    const target = rel && attr(rel, 'Target');
    if (target) sheetPath = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
  }
  const sheet = read(sheetPath);
  if (!sheet) throw badRequest(UNREADABLE_FILE_MESSAGE);
  const shared = [...(read('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => texts(m[1]));
  const rows: ImportCell[][] = [];
  for (const r of sheet.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const index = Number(attr(r[1], 'r') ?? rows.length + 1) - 1;
    const row: ImportCell[] = [];
    for (const c of (r[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const ref = attr(c[1], 'r');
      const col = ref ? columnOf(ref) : row.length;
      const type = attr(c[1], 't') ?? 'n';
      const inner = c[2] ?? '';
      const v = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
      let value: ImportCell = null;
      if (type === 's') value = v === undefined ? null : (shared[Number(v)] ?? null);
      else if (type === 'inlineStr') value = texts(inner);
      else if (type === 'str' || type === 'e') value = v === undefined ? null : xmlText(v);
      else if (type === 'b') value = v === '1' ? 'TRUE' : 'FALSE';
      else if (v !== undefined) value = Number.isFinite(Number(v)) ? Number(v) : xmlText(v);
      while (row.length < col) row.push(null);
      row[col] = value;
    }
    while (rows.length < index) rows.push([]);
    rows[index] = row;
  }
  return rows;
}
