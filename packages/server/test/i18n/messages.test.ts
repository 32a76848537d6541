import { resolve } from 'node:path';
import { indonesianOf } from '@fleet/shared/resources/indonesian.ts';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatNumber } from '../../src/i18n/format.ts';
import { languageOfHeader, storedLanguage } from '../../src/i18n/language.ts';
import {
  indonesianMessage,
  KEPT_ENGLISH,
  PATTERNS,
  TERMS,
  translateMessage,
  translateStatusMessage,
} from '../../src/i18n/messages.ts';
import { highEventMail } from '../../src/modules/event-engine/event-mail.ts';
import { scanMessages } from './message-scan.ts';

const PACKAGES = resolve(new URL('../../..', import.meta.url).pathname);

/**
 * The messages the server can send in an error envelope, from its source: the server's (not the command-line tools',
 * which write to a terminal), and the shared validation it answers with — the field helpers of resources/define.ts,
 * the shared bodies and the password rule. The resource definitions' own fixed texts are the admin catalogue's
 * (resources/indonesian.ts) and checked with it.
 */
function serverMessages() {
  return scanMessages([resolve(PACKAGES, 'server/src'), resolve(PACKAGES, 'shared/src')], PACKAGES).filter(
    (m) =>
      !m.file.startsWith('server/src/cli/') &&
      !(m.file.startsWith('shared/src/resources/') && m.file !== 'shared/src/resources/define.ts'),
  );
}

/** A message: an entry or a pattern; a title or part of one: a term (TERMS, or the resources' own). */
const translated = (m: { text: string; kind: 'message' | 'term' }) =>
  m.kind === 'term'
    ? Object.hasOwn(TERMS, m.text) || indonesianOf(m.text) !== undefined
    : KEPT_ENGLISH.has(m.text) || indonesianMessage(m.text) !== undefined;

describe('the language of a request (Accept-Language)', () => {
  it('the first of id / in / en by q order; English by default', () => {
    expect(languageOfHeader(undefined)).toBe('en');
    expect(languageOfHeader('')).toBe('en');
    expect(languageOfHeader('id')).toBe('id');
    expect(languageOfHeader('in')).toBe('id');
    expect(languageOfHeader('id-ID,id;q=0.9,en-US;q=0.8')).toBe('id');
    expect(languageOfHeader('en-US,en;q=0.9,id;q=0.8')).toBe('en');
    expect(languageOfHeader('fr-FR,id;q=0.5,en;q=0.4')).toBe('id');
    expect(languageOfHeader('en;q=0.3, id;q=0.7')).toBe('id');
    expect(languageOfHeader('id;q=0, en')).toBe('en');
    expect(languageOfHeader('de, fr')).toBe('en');
    expect(storedLanguage('id')).toBe('id');
    expect(storedLanguage(null)).toBeNull();
    expect(storedLanguage('fr')).toBeNull();
  });
});

describe('the message catalogue', () => {
  it('every message the server source can send has its Bahasa Indonesia (exact entry or pattern)', () => {
    const found = serverMessages();
    expect(found.length).toBeGreaterThan(150);
    const missing = found.filter((m) => !translated(m)).map((m) => `${m.file}:${m.line} ${m.text}`);
    expect(missing).toEqual([]);
  });

  it('the check fails on a message without Indonesian (the scanner reads calls, zod messages and constants)', () => {
    const file = resolve(PACKAGES, 'server/test/i18n/fixtures');
    const found = scanMessages([file], PACKAGES);
    expect(found.map((m) => m.text)).toEqual([
      'The quay is closed for Sample',
      'Bollard not found',
      'Bollard',
      'Bollard must be painted',
      'Anchors away: Sample knots',
      'The tide is out',
    ]);
    // 'Bollard not found' has its pattern, but the title 'Bollard' has no Indonesian
    expect(found.filter((m) => !translated(m)).map((m) => m.text)).toEqual([
      'The quay is closed for Sample',
      'Bollard',
      'Bollard must be painted',
      'Anchors away: Sample knots',
      'The tide is out',
    ]);
  });

  it('each pattern names the same placeholders in both languages', () => {
    const names = (s: string) => [...s.matchAll(/\{\{(\w+(?::\w+)?)\}\}/g)].map((m) => m[1]).sort();
    for (const [en, id] of PATTERNS) expect(names(id), en).toEqual(names(en));
  });

  it('values in patterns: labels and titles translated, numbers in the Indonesian way, lists and inner messages', () => {
    expect(indonesianMessage('Fuel Type Name is required')).toBe('Nama Jenis BBM wajib diisi');
    // a record's name is its list title without "List" / "Daftar"
    expect(
      indonesianMessage('Cannot delete this Tank Header: it is still used by Config Tank (1), Tank Detail (19)'),
    ).toBe('Header Tangki ini tidak dapat dihapus: masih digunakan oleh Konfigurasi Tangki (1), Detail Tangki (19)');
    // a name without Indonesian leaves the message English (never half-translated); the scan above finds such names
    expect(indonesianMessage('Unknown Label is required')).toBeUndefined();
    expect(indonesianMessage('page must be a whole number from 1 to 1000000')).toBe(
      'page harus berupa bilangan bulat dari 1 sampai 1.000.000',
    );
    expect(indonesianMessage('Start Sounding must be between 0 and 1,000,000,000.5 L')).toBe(
      'Sounding Awal harus antara 0 dan 1.000.000.000,5 L',
    );
    expect(indonesianMessage('Cannot delete this Fuel Type: it is still used by Asset (4), Device (1)')).toBe(
      'Jenis BBM ini tidak dapat dihapus: masih digunakan oleh Aset (4), Perangkat (1)',
    );
    expect(indonesianMessage('Too many wrong current passwords. Please try again in 5 minutes.')).toBe(
      'Terlalu banyak kata sandi saat ini yang salah. Silakan coba lagi dalam 5 menit.',
    );
    expect(indonesianMessage('Invalid query parameter devcMassId: devcMassId is required')).toBe(
      'Parameter query tidak valid: devcMassId: devcMassId wajib diisi',
    );
    expect(indonesianMessage('Operations (2): only create, read, update and delete are allowed')).toBe(
      'Operasi (2): hanya create, read, update, dan delete yang diizinkan',
    );
    // an inner message without Indonesian: the pattern does not claim it
    expect(indonesianMessage('Operations: no such thing here')).toBeUndefined();
    expect(indonesianMessage('Invalid input: expected string, received undefined')).toBe(
      'Masukan tidak valid: seharusnya string, diterima undefined',
    );
    expect(indonesianMessage('Route GET /api/nope not found')).toBe('Rute GET /api/nope tidak ditemukan');
  });

  it('English stays as it is; the texts clients recognise stay English in every language', () => {
    expect(translateMessage('Fuel Type Name is required', 'en')).toBe('Fuel Type Name is required');
    expect(translateMessage('Authentication Error', 'id')).toBe('Authentication Error');
    expect(translateMessage('Invalid Username or Password', 'id')).toBe('Invalid Username or Password');
    expect(translateMessage('Something nobody wrote down', 'id')).toBe('Something nobody wrote down');
    expect(translateStatusMessage({ mftyName: ['Fuel Type Name is required'], _: ['Invalid input'] }, 'id')).toEqual({
      mftyName: ['Nama Jenis BBM wajib diisi'],
      _: ['Input tidak valid'],
    });
  });
});

describe('the one formatter of numbers and dates', () => {
  it('English 1,426.89 and 01 March 2026; Indonesian 1.426,89 and 01 Maret 2026', () => {
    expect(formatNumber(1426.891, 'en')).toBe('1,426.89');
    expect(formatNumber(1426.891, 'id')).toBe('1.426,89');
    expect(formatNumber(null, 'id')).toBe('-');
    const ts = Date.UTC(2026, 2, 1, 17, 5) / 1000; // 2 March 00:05 at +7
    expect(formatDateTime(ts, 7, 'en')).toBe('02 March 2026 00:05');
    expect(formatDateTime(ts, 7, 'id')).toBe('02 Maret 2026 00:05');
  });
});

describe('the High event mail', () => {
  it("in the recipient's language", () => {
    const e = { eventName: 'Overspeed', massName: 'KM Sinar Jaya', gatewayUid: 'gw-1', timestamp: 1_772_000_000 };
    const en = highEventMail('a@x.test', e, 'https://fleet.test');
    expect(en.subject).toBe('High priority event: Overspeed on KM Sinar Jaya');
    expect(en.text).toContain('You receive this because you turned on e-mail of High priority events');
    const id = highEventMail('a@x.test', e, 'https://fleet.test', 'id');
    expect(id.subject).toBe('Kejadian prioritas tinggi: Overspeed pada KM Sinar Jaya');
    expect(id.text).toContain('Sejak 2026-02-25 06:13:20 UTC, gateway gw-1.');
    expect(id.text).toContain('Log Kejadian: https://fleet.test/event/log');
    expect(id.html).toContain('>Log Kejadian</a>');
  });
});
