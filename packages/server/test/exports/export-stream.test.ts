import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  columnName,
  csvField,
  csvLine,
  type ExportCell,
  ExportSlots,
  exportFileName,
  exportStream,
  keysetRows,
  plainNumber,
  zoneClock,
} from '../../src/http/export-stream.ts';
import { ticketUrl } from '../../src/modules/auth/download-ticket.ts';
import { readTable } from '../../src/modules/crud/import-file.ts';

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const b of stream) parts.push(b as Buffer);
  return Buffer.concat(parts);
}

async function* pagesOf(rows: ExportCell[][], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

describe('export files (http/export-stream.ts)', () => {
  it('quotes CSV fields as RFC 4180 says and ends records with CRLF', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvLine(['x', 1.5, null, 'y,z'])).toBe('x,1.5,,"y,z"\r\n');
  });

  it('writes numbers dot-decimal, without grouping or exponent', () => {
    expect(plainNumber(1234.5)).toBe('1234.5');
    expect(plainNumber(-0.25)).toBe('-0.25');
    expect(plainNumber(1e21)).toBe('1000000000000000000000');
    expect(plainNumber(1e-7)).toBe('0.0000001');
    expect(plainNumber(Number.NaN)).toBe('');
  });

  it('names a file from its parts, sanitised', () => {
    expect(
      exportFileName(['event-log', '2026-11-01', '2026-11-30', 'TB Samudra/Perkasa 01', '', null, 'High'], 'csv'),
    ).toBe('event-log_2026-11-01_2026-11-30_TB-Samudra-Perkasa-01_High.csv');
    expect(exportFileName(['log-kejadian', 'a:b*c?'], 'xlsx')).toBe('log-kejadian_a-b-c-.xlsx');
  });

  it('names columns as spreadsheets do', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });

  it('writes times on the wall clock of the zone', () => {
    // 2026-01-01 00:00 UTC is 07:00 in Jakarta (UTC+7)
    expect(zoneClock('Asia/Jakarta')(1767225600)).toBe('2026-01-01 07:00:00');
    expect(zoneClock('UTC', 'date')(1767225600 - 1)).toBe('2025-12-31');
  });

  it('binds a ticket to the URL without its ticket parameter', () => {
    expect(ticketUrl('/api/x/export.csv?finds%5Ba%5D=1&ticket=abc&lang=id')).toBe(
      '/api/x/export.csv?finds%5Ba%5D=1&lang=id',
    );
    expect(ticketUrl('/api/x/export.csv?finds[a]=1&lang=id')).toBe('/api/x/export.csv?finds%5Ba%5D=1&lang=id');
    expect(ticketUrl('https://elsewhere.test/api/x/export.csv')).toBeNull();
  });

  const rows: ExportCell[][] = Array.from({ length: 2500 }, (_, i) => [
    `row ${i}`,
    i / 4,
    i % 7 === 0 ? 'a,"b"\nc' : null,
  ]);

  it('streams a CSV with the BOM, the header and every row', async () => {
    const bytes = await bytesOf(
      exportStream({
        format: 'csv',
        fileName: 'x.csv',
        header: ['Name', 'Value', 'Note'],
        pages: pagesOf(rows, 1000),
        language: 'en',
      }),
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const table = readTable(bytes, 'x.csv');
    expect(table[0]).toEqual(['Name', 'Value', 'Note']);
    expect(table).toHaveLength(2501);
    expect(table[8]).toEqual(['row 7', '1.75', 'a,"b"\nc']);
  });

  it('streams an XLSX that a reader opens: the header, numbers as numbers, text as written', async () => {
    const bytes = await bytesOf(
      exportStream({
        format: 'xlsx',
        fileName: 'x.xlsx',
        header: ['Name', 'Value', 'Note'],
        pages: pagesOf(rows, 1000),
        language: 'en',
      }),
    );
    const table = readTable(bytes, 'x.xlsx');
    expect(table[0]).toEqual(['Name', 'Value', 'Note']);
    expect(table).toHaveLength(2501);
    expect(table[8]).toEqual(['row 7', 1.75, 'a,"b"\nc']);
    expect(table[2500].slice(0, 2)).toEqual(['row 2499', 624.75]);
  });

  it('cuts a file at its row limit with a last row saying so', async () => {
    const bytes = await bytesOf(
      exportStream({
        format: 'csv',
        fileName: 'x.csv',
        header: ['Name'],
        pages: pagesOf(rows, 1000),
        language: 'id',
        maxRows: 1500,
      }),
    );
    const table = readTable(bytes, 'x.csv');
    expect(table).toHaveLength(1 + 1500 + 1);
    expect(String(table[1501][0])).toMatch(/^Hanya 1500 baris pertama/);
  });

  it('reads a page only when the reader has taken the bytes before it (no whole-file buffering)', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      let pulled = 0;
      async function* counted() {
        // 100 pages of 200 rows of 100 random hex digits: ~20 KB a page (~10 KB deflated)
        const big = Array.from({ length: 20_000 }, (): ExportCell[] => [randomBytes(50).toString('hex')]);
        for await (const p of pagesOf(big, 200)) {
          pulled++;
          yield p;
        }
      }
      const stream = exportStream({ format, fileName: 'x', header: ['Name'], pages: counted(), language: 'en' });
      const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
      stream.pause();
      await new Promise((r) => setTimeout(r, 50));
      expect(first.length).toBeGreaterThan(0);
      // 100 pages in all: a few are read ahead to fill the stream's buffer, the rest wait for the reader
      expect(pulled).toBeLessThan(20);
      stream.destroy();
      await new Promise((r) => setTimeout(r, 10));
      const after = pulled;
      await new Promise((r) => setTimeout(r, 50));
      expect(pulled).toBe(after);
    }
  });

  it('pages by keyset until a short page', async () => {
    const data = Array.from({ length: 25 }, (_, i) => i + 1);
    const seen: (number | null)[] = [];
    const out: number[] = [];
    for await (const page of keysetRows<number>(async (after, size) => {
      seen.push(after);
      return data.filter((v) => v > (after ?? 0)).slice(0, size);
    }, 10))
      out.push(...page);
    expect(out).toEqual(data);
    expect(seen).toEqual([null, 10, 20]);
  });

  it('runs at most 2 exports per company and 4 in all; a slot is free again when released', () => {
    const slots = new ExportSlots(4, 2);
    const a1 = slots.take('1');
    const a2 = slots.take('1');
    expect(slots.take('1')).toMatchObject({ status: 429 });
    const b1 = slots.take('2');
    const c1 = slots.take('3');
    expect(slots.take('4')).toMatchObject({ status: 503 });
    for (const s of [a1, a2, b1, c1]) if ('release' in s) s.release();
    if ('release' in a1) a1.release(); // twice: counted once
    expect(slots.running).toBe(0);
    expect('release' in slots.take('1')).toBe(true);
  });

  it('ends an export whose reader took nothing for the stall time', async () => {
    const stream = exportStream(
      {
        format: 'csv',
        fileName: 'x.csv',
        header: ['Name'],
        pages: pagesOf(rows.concat(rows, rows, rows, rows), 50),
        language: 'en',
      },
      30,
    );
    stream.once('data', () => stream.pause());
    stream.on('error', () => {}); // the reply's pipe listens in the server
    const closed = await new Promise<Error | undefined>((resolve) =>
      stream.once('close', () => resolve(stream.errored ?? undefined)),
    );
    expect(closed?.message).toMatch(/stalled/);
  });
});
