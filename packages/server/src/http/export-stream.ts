import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { crc32, createDeflateRaw } from 'node:zlib';
import { ErrorCode } from '@fleet/shared/api.ts';
import type { FastifyReply } from 'fastify';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { monthName } from '../i18n/format.ts';
import { contentDisposition } from './content-disposition.ts';
import { AppError, badRequest } from './envelope.ts';

/**
 * Long list exports streamed from the database to the client (issue 31; docs/api.md "Exports", docs/decisions.md
 * "Streamed exports"): rows are read in keyset pages of EXPORT_PAGE_ROWS, each page written as CSV (RFC 4180) or as
 * XLSX rows, and the next page read only when the client has taken the bytes (a Readable pulled by the reply's pipe),
 * so neither the file nor the list is ever held whole. The pages run on the HTTP event loop with a turn given back
 * between pages: a page is ~1 000 rows read and written in a few milliseconds, as light as a list request's page.
 */

/** A cell of an exported row: text, a number (written as a number), or empty. */
export type ExportCell = string | number | null;
export type ExportFormat = 'csv' | 'xlsx';

/** Rows per database page of an export (keyset paging; one page is read, written and sent before the next). */
export const EXPORT_PAGE_ROWS = 1000;
/**
 * Most rows one export holds: past it the file ends with a row saying so (EXPORT_TRUNCATED_TEXT). One million rows is
 * a year of a vessel's events at one a minute and stays under XLSX's 1 048 576 rows a sheet.
 */
export const EXPORT_MAX_ROWS = 1_000_000;

/** The last row of a file cut at EXPORT_MAX_ROWS, in the file's language. */
export const EXPORT_TRUNCATED_TEXT = {
  en: 'Only the first {{max}} rows are in this file: narrow the period or the filters for the rest',
  id: 'Hanya {{max}} baris pertama yang ada di file ini: persempit periode atau filter untuk sisanya',
} as const;

/** The byte-order mark at the head of a CSV file: spreadsheet programs then read it as UTF-8 (CO₂'s subscript). */
export const UTF8_BOM = '\uFEFF';

/** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, its quotes doubled. */
export function csvField(v: ExportCell): string {
  if (v === null) return '';
  const s = typeof v === 'number' ? plainNumber(v) : v;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A CSV record ended by CRLF. */
export const csvLine = (cells: ExportCell[]): string => `${cells.map(csvField).join(',')}\r\n`;

/** A number as a spreadsheet reads it in any language: dot decimal, no grouping, no exponent; not finite → empty. */
export function plainNumber(n: number): string {
  if (!Number.isFinite(n)) return '';
  const s = String(n);
  if (!/e/i.test(s)) return s;
  if (Math.abs(n) >= 1e21) return BigInt(n).toString();
  return n.toFixed(20).replace(/\.?0+$/, '');
}

/** A number rounded to `decimals` places (the precision the screen shows), still a number. */
export const rounded = (n: number, decimals: number): number => {
  const f = 10 ** decimals;
  return Math.round(n * f) / f;
};

/**
 * A download's file name from its parts — the list, its period, its filters as applied (issue 31): empty parts left
 * out, spaces and characters file systems refuse replaced by '-', joined by '_'. The same rule as the web app's
 * `downloadName` (components/csv.ts), so a streamed file is named as the browser-built one was.
 */
export function exportFileName(parts: (string | number | null | undefined)[], ext: ExportFormat): string {
  const kept = parts.map((p) => String(p ?? '').trim()).filter((p) => p !== '');
  return `${kept.map((p) => p.replace(/[\\/:*?"<>|\s]+/g, '-')).join('_')}.${ext}`;
}

/**
 * Every row of a keyset-paged read: `page(after)` answers the rows after the last one of the previous page (null:
 * the first page), at most `size`. A turn of the event loop is given back between pages, so other requests are
 * served while an export runs; the generator stops reading when its consumer stops (client gone).
 */
export async function* keysetRows<R>(
  page: (after: R | null, size: number) => Promise<R[]>,
  size = EXPORT_PAGE_ROWS,
): AsyncGenerator<R[]> {
  let after: R | null = null;
  for (;;) {
    const rows = await page(after, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1];
    await nextTurn();
  }
}

export interface ExportSpec {
  format: ExportFormat;
  fileName: string;
  /** the column titles, as the screen shows them in the user's language */
  header: string[];
  /** the rows, page by page */
  pages: AsyncIterable<ExportCell[][]>;
  /** the file's language (the truncation row's text) */
  language: 'en' | 'id';
  /** sheet name of the XLSX */
  sheetName?: string;
  maxRows?: number;
}

/** The rows of an export, the header first, cut at maxRows with a last row saying so. */
async function* cappedPages(spec: ExportSpec): AsyncGenerator<ExportCell[][]> {
  const max = spec.maxRows ?? EXPORT_MAX_ROWS;
  yield [spec.header];
  let n = 0;
  for await (const page of spec.pages) {
    if (n + page.length > max) {
      yield page.slice(0, max - n);
      yield [[EXPORT_TRUNCATED_TEXT[spec.language].replace('{{max}}', String(max))]];
      return;
    }
    n += page.length;
    yield page;
  }
}

async function* csvBytes(spec: ExportSpec): AsyncGenerator<Buffer> {
  yield Buffer.from(UTF8_BOM, 'utf8');
  for await (const rows of cappedPages(spec)) yield Buffer.from(rows.map(csvLine).join(''), 'utf8');
}

/**
 * The file as a stream of bytes, read as the consumer asks for them; with `stallMs`, destroyed when the consumer has
 * asked for nothing for that long (a client that stopped reading must not hold the export).
 */
export function exportStream(spec: ExportSpec, stallMs = 0): Readable {
  const bytes = spec.format === 'csv' ? csvBytes(spec) : xlsxBytes(cappedPages(spec), spec.sheetName ?? 'Data');
  let lastPull = Date.now();
  async function* pulled() {
    for await (const b of bytes) {
      yield b;
      lastPull = Date.now();
    }
  }
  const stream = Readable.from(pulled(), { objectMode: false, highWaterMark: 64 * 1024 });
  if (stallMs > 0) {
    const timer = setInterval(
      () => {
        if (Date.now() - lastPull > stallMs) stream.destroy(new Error('export stalled: the client took no bytes'));
      },
      Math.min(stallMs, 10_000),
    );
    timer.unref();
    stream.once('close', () => clearInterval(timer));
  }
  return stream;
}

/** The media type of each format (OpenAPI's `produces`), and the Content-Type sent. */
export const EXPORT_MEDIA_TYPE: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
export const EXPORT_CONTENT_TYPE: Record<ExportFormat, string> = {
  csv: `${EXPORT_MEDIA_TYPE.csv}; charset=utf-8`,
  xlsx: EXPORT_MEDIA_TYPE.xlsx,
};

/** Exports running at once in this process, and per company (docs/decisions.md "Streamed exports"). */
export const EXPORTS_AT_ONCE = 4;
export const EXPORTS_PER_COMPANY = 2;
/** An export whose client has taken no bytes for this long is ended (its slot freed). */
export const EXPORT_STALL_MS = 60_000;
/** Seconds a refused export is told to wait. */
export const EXPORT_RETRY_AFTER_S = 10;
export const EXPORTS_BUSY_MESSAGE = 'Too many downloads are running. Please try again in a few seconds.';
export const EXPORTS_COMPANY_BUSY_MESSAGE =
  'Your company already has downloads running. Please try again when one of them has finished.';

/**
 * The exports running: at most EXPORTS_AT_ONCE in all and EXPORTS_PER_COMPANY per company, each held until its
 * answer ends or its client goes. Exports do not hold the API's concurrency slots (load-shedding.ts: their own route
 * class): a long download must not take a slot from the light reads for its whole length.
 */
export class ExportSlots {
  private total = 0;
  private byTenant = new Map<string, number>();
  constructor(
    readonly atOnce = EXPORTS_AT_ONCE,
    readonly perTenant = EXPORTS_PER_COMPANY,
  ) {}

  /** Why the tenant would be refused a slot now, or null when one is free. */
  refusal(tenant: string): { refused: string; status: 429 | 503 } | null {
    if ((this.byTenant.get(tenant) ?? 0) >= this.perTenant)
      return { refused: EXPORTS_COMPANY_BUSY_MESSAGE, status: 429 };
    if (this.total >= this.atOnce) return { refused: EXPORTS_BUSY_MESSAGE, status: 503 };
    return null;
  }

  /** A slot for the tenant (its release), or the message of the refusal. */
  take(tenant: string): { release: () => void } | { refused: string; status: 429 | 503 } {
    const no = this.refusal(tenant);
    if (no) return no;
    const mine = this.byTenant.get(tenant) ?? 0;
    this.total++;
    this.byTenant.set(tenant, mine + 1);
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        this.total--;
        const left = (this.byTenant.get(tenant) ?? 1) - 1;
        if (left > 0) this.byTenant.set(tenant, left);
        else this.byTenant.delete(tenant);
      },
    };
  }

  get running() {
    return this.total;
  }
}

/** Whose slots an export takes: the session's active company (the tenant). */
export const exportTenant = (s: { activeCompId: number | null }) => String(s.activeCompId ?? 'none');

/** The process's export slots. */
export const exportSlots = new ExportSlots();

/** The error of a refused export, Retry-After set on the reply. */
export function exportRefused(reply: FastifyReply, why: { refused: string; status: 429 | 503 }): AppError {
  reply.header('retry-after', String(EXPORT_RETRY_AFTER_S));
  return new AppError(why.status, why.refused, why.status === 429 ? ErrorCode.tooManyRequests : why.status);
}

/**
 * Sends an export: its type, its name (Content-Disposition with the UTF-8 filename*), no caching, and the stream.
 * Fastify pipes the stream into the socket (a slow client slows the reads) and destroys it when the client goes
 * away, which ends the generators (no further page is read). `tenant` (the session's company) takes a slot of
 * `slots`; none free: 429 (this company's) or 503 (all), with Retry-After, before any row is read.
 */
export function sendExport(reply: FastifyReply, spec: ExportSpec & { tenant: string }, slots = exportSlots) {
  const slot = slots.take(spec.tenant);
  if ('refused' in slot) throw exportRefused(reply, slot);
  const stream = exportStream(spec, EXPORT_STALL_MS);
  reply.raw.once('close', slot.release);
  stream.once('close', slot.release);
  return reply
    .header('content-type', EXPORT_CONTENT_TYPE[spec.format])
    .header('content-disposition', contentDisposition(spec.fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}

// ---------------------------------------------------------------------------------------------------------------
// XLSX: a workbook of one sheet, written as a ZIP whose entries are deflated as they are written (data descriptors
// after each entry, the central directory at the end), the sheet's cells inline strings and numbers. No shared-strings
// table (it would have to be held whole), no dependency (exceljs is not installed; write-excel-file builds in memory).

const xmlText = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    // characters XML 1.0 refuses
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');

/** A column letter from its 0-based index (0 → A, 26 → AA). */
export function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

function sheetRow(cells: ExportCell[], r: number, bold: boolean): string {
  let out = `<row r="${r}">`;
  cells.forEach((v, i) => {
    if (v === null || v === '') return;
    const ref = `${columnName(i)}${r}`;
    const style = bold ? ' s="1"' : '';
    if (typeof v === 'number') {
      if (Number.isFinite(v)) out += `<c r="${ref}"${style}><v>${plainNumber(v)}</v></c>`;
    } else out += `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${xmlText(v)}</t></is></c>`;
  });
  return `${out}</row>`;
}

const FIXED_ENTRIES = (sheetName: string): [string, string][] => [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ],
  [
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(sheetName).replace(/"/g, '&quot;')}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  ],
  [
    'xl/styles.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>',
  ],
];

interface ZipEntry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** DOS time and date of the entries (1 January 2026 00:00: the files carry no meaningful time of their own). */
const DOS_TIME = 0;
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;

function localHeader(name: Buffer): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4); // version needed
  h.writeUInt16LE(0x0808, 6); // data descriptor follows; names in UTF-8
  h.writeUInt16LE(8, 8); // deflate
  h.writeUInt16LE(DOS_TIME, 10);
  h.writeUInt16LE(DOS_DATE, 12);
  // crc and sizes are in the data descriptor
  h.writeUInt16LE(name.length, 26);
  return Buffer.concat([h, name]);
}

function dataDescriptor(e: ZipEntry): Buffer {
  const d = Buffer.alloc(16);
  d.writeUInt32LE(0x08074b50, 0);
  d.writeUInt32LE(e.crc >>> 0, 4);
  d.writeUInt32LE(e.compressed, 8);
  d.writeUInt32LE(e.size, 12);
  return d;
}

function centralDirectory(entries: ZipEntry[], start: number): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    const h = Buffer.alloc(46);
    h.writeUInt32LE(0x02014b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(20, 6);
    h.writeUInt16LE(0x0808, 8);
    h.writeUInt16LE(8, 10);
    h.writeUInt16LE(DOS_TIME, 12);
    h.writeUInt16LE(DOS_DATE, 14);
    h.writeUInt32LE(e.crc >>> 0, 16);
    h.writeUInt32LE(e.compressed, 20);
    h.writeUInt32LE(e.size, 24);
    h.writeUInt16LE(e.name.length, 28);
    h.writeUInt32LE(e.offset, 42);
    parts.push(h, e.name);
  }
  const dir = Buffer.concat(parts);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(start, 16);
  return Buffer.concat([dir, end]);
}

/**
 * One ZIP entry deflated as its text arrives: `chunks` yields the entry's text piece by piece; the compressed bytes
 * are yielded after each piece (at most one piece's worth is held), the data descriptor last.
 */
async function* zipEntry(
  name: string,
  chunks: AsyncIterable<string> | Iterable<string>,
  offset: number,
  done: (e: ZipEntry) => void,
): AsyncGenerator<Buffer> {
  const entry: ZipEntry = { name: Buffer.from(name, 'utf8'), crc: 0, compressed: 0, size: 0, offset };
  yield localHeader(entry.name);
  const deflate = createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const take = () => {
    const b = Buffer.concat(out.splice(0));
    entry.compressed += b.length;
    return b;
  };
  try {
    for await (const text of chunks) {
      const raw = Buffer.from(text, 'utf8');
      entry.crc = crc32(raw, entry.crc);
      entry.size += raw.length;
      // a piece is written and flushed before the next is asked for: at most a piece is in the compressor
      await new Promise<void>((resolve) => {
        deflate.write(raw);
        deflate.flush(resolve);
      });
      if (out.length) yield take();
    }
    deflate.end();
    await ended;
    yield take();
  } finally {
    deflate.destroy();
  }
  done(entry);
  yield dataDescriptor(entry);
}

/** The workbook's bytes: the fixed parts, then the sheet written page by page, then the central directory. */
async function* xlsxBytes(pages: AsyncIterable<ExportCell[][]>, sheetName: string): AsyncGenerator<Buffer> {
  const entries: ZipEntry[] = [];
  let offset = 0;
  const counted = async function* (g: AsyncGenerator<Buffer>) {
    for await (const b of g) {
      offset += b.length;
      yield b;
    }
  };
  const add = (e: ZipEntry) => entries.push(e);
  for (const [name, text] of FIXED_ENTRIES(sheetName)) yield* counted(zipEntry(name, [text], offset, add));
  let r = 0;
  async function* sheet(): AsyncGenerator<string> {
    yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
    for await (const rows of pages) yield rows.map((cells) => sheetRow(cells, ++r, r === 1)).join('');
    yield '</sheetData></worksheet>';
  }
  yield* counted(zipEntry('xl/worksheets/sheet1.xml', sheet(), offset, add));
  yield centralDirectory(entries, offset);
}

/**
 * A formatter of epoch seconds as `YYYY-MM-DD HH:mm:ss` (or `YYYY-MM-DD` with `date`) on the wall clock of an IANA
 * zone: the company's zone, as the screens show times (docs/domain.md §1).
 */
export function zoneClock(zone: string, what: 'datetime' | 'date' = 'datetime'): (seconds: number) => string {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(what === 'datetime' ? { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' } : {}),
  });
  return (seconds) => {
    const p = Object.fromEntries(f.formatToParts(seconds * 1000).map((x) => [x.type, x.value]));
    const day = `${p.year}-${p.month}-${p.day}`;
    return what === 'date' ? day : `${day} ${p.hour}:${p.minute}:${p.second}`;
  };
}

/** Short month names as the web app's dayjs writes them (`MMM`), per language. */
const SHORT_MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  id: ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agt', 'Sep', 'Okt', 'Nov', 'Des'],
} as const;

/** The wall-clock forms of the screens' times (dayjs tokens: `MMM` a short month name, `MMMM` a long one). */
export type MonthClockFormat = 'DD MMM YYYY HH:mm:ss' | 'DD MMMM YYYY HH:mm' | 'DD MMMM YYYY HH:mm:ss' | 'DD MMMM YYYY';

/**
 * Epoch seconds in one of the screens' forms with the month named in the file's language, on the wall clock of an
 * IANA zone: `DD MMM YYYY HH:mm:ss` (the Device Log Detail's readings: `01 Jan 2026 07:00:00`, `01 Agt 2026 …`),
 * `DD MMMM YYYY HH:mm` (the Audit Trail's time: `01 January 2026 07:00`, `01 Januari 2026 07:00`), as the web app's
 * dayjs writes them.
 */
export function zoneMonthClock(
  zone: string,
  language: 'en' | 'id',
  format: MonthClockFormat,
): (seconds: number) => string {
  const clock = zoneClock(zone);
  return (seconds) => {
    const [day, time] = clock(seconds).split(' ');
    const [y, m, d] = day.split('-');
    const month = format.includes('MMMM') ? monthName(Number(m) - 1, language) : SHORT_MONTHS[language][Number(m) - 1];
    const hms = format.endsWith('HH:mm:ss') ? time : format.endsWith('HH:mm') ? time.slice(0, 5) : '';
    return `${d} ${month} ${y}${hms ? ` ${hms}` : ''}`;
  };
}

/** The query parameter naming the file's language (the link carries it: a browser's own Accept-Language is not the app's). */
export function exportLanguage(query: unknown, fallback: 'en' | 'id'): 'en' | 'id' {
  const lang = (query as Record<string, unknown> | undefined)?.lang;
  if (lang === undefined) return fallback;
  if (lang === 'en' || lang === 'id') return lang;
  throw badRequest('lang must be en or id');
}

/**
 * The keyset condition "after this row" for an order of (column, direction) pairs, the last one unique: (a > x) or
 * (a = x and b < y) or … — each column compared in its own direction. The first column's bound (a >= x) is said
 * once more on its own: implied by the rest, it lets an index on that column start at the row instead of skipping
 * the rows of the pages before.
 */
export function afterRow(
  eb: ExpressionBuilder<any, any>,
  order: [column: string, dir: 'asc' | 'desc', value: unknown][],
): Expression<SqlBool> {
  const [first, dir, value] = order[0];
  return eb.and([
    eb(first, dir === 'asc' ? '>=' : '<=', value),
    eb.or(
      order.map((_, k) =>
        eb.and([
          ...order.slice(0, k).map(([c, , v]) => eb(c, '=', v)),
          eb(order[k][0], order[k][1] === 'asc' ? '>' : '<', order[k][2]),
        ]),
      ),
    ),
  ]);
}
