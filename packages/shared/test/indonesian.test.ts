import { describe, expect, it } from 'vitest';
import { CANNOT_ACTIVATE_MESSAGE } from '../src/resources/config-event.ts';
import { bodySchema, columnLabel, type ResourceDef, SCHEMA_MESSAGES } from '../src/resources/define.ts';
import { asset, bunkerLog, company, fuelType, masterEvent, resourceList, userCompany } from '../src/resources/index.ts';
import {
  indonesianDef,
  indonesianMessage,
  indonesianOf,
  indonesianOption,
  resourceTexts,
} from '../src/resources/indonesian.ts';
import { SYSTEM_EVENTS } from '../src/resources/master-event.ts';

/** Values a client may send, good and bad: every message a schema can answer to a form shows up on some of them. */
const PROBES: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  'abc',
  'a b',
  'x'.repeat(5000),
  'a\u0000b',
  0,
  -1,
  2,
  5,
  1.5,
  1e12,
  -1e12,
  3e9,
  true,
  {},
  [],
  'Not/AZone',
  'not json',
  '[1]',
  '["x"]',
  '"text"',
  '{"a":1}',
  '{"":{"conditions_operator":"and","data":{}}}',
  '{"d":{"conditions_operator":"x","data":{}}}',
  '{"d":{"conditions_operator":"and","data":{"":{"operator":"==","value":1}}}}',
  '{"d":{"conditions_operator":"and","data":{"k":{"operator":"~","value":1}}}}',
  '{"d":{"conditions_operator":"and","data":{"k":{"operator":"==","value":true}}}}',
  'Ab_1',
  '1abc',
  'abc@',
  '2026-01-01',
  'not a date',
];

/** Every message the definition's schemas answer to the probes, and its body's. */
function schemaMessages(def: ResourceDef): string[] {
  const out = new Set<string>();
  for (const f of Object.values(def.fields))
    for (const p of PROBES) {
      const r = f.schema.safeParse(p);
      if (!r.success) for (const i of r.error.issues) out.add(i.message);
    }
  const body = bodySchema(def, 'create').safeParse('x');
  if (!body.success) out.add(body.error.issues[0].message);
  return [...out];
}

describe('the master data in Bahasa Indonesia (issue 27)', () => {
  it('gives every text of every definition a non-empty Indonesian', () => {
    const missing = resourceList.flatMap(resourceTexts).filter((t) => !t.indonesian?.trim());
    expect(missing.map((t) => `${t.where}: ${t.english}`)).toEqual([]);
  });

  it('answers indonesianOf for every text of every definition, one Indonesian per English text', () => {
    const seen = new Map<string, string>();
    const conflicts: string[] = [];
    for (const t of resourceList.flatMap(resourceTexts)) {
      expect(indonesianOf(t.english), t.where).toBeTruthy();
      const before = seen.get(t.english);
      if (before !== undefined && before !== t.indonesian)
        conflicts.push(`${t.where}: '${t.english}' is '${t.indonesian}' here, '${before}' elsewhere`);
      seen.set(t.english, t.indonesian!);
    }
    expect(conflicts).toEqual([]);
    expect(indonesianOf('Company List')).toBe('Daftar Perusahaan');
    expect(indonesianOf('Approved')).toBe('Disetujui');
    expect(indonesianOf('Created Date')).toBe('Tanggal Dibuat');
    expect(indonesianOf('Device must be an RPM device')).toBe('Perangkat harus berupa perangkat RPM');
    expect(indonesianOf('The group already has a company with this name')).toBe(
      'Grup sudah memiliki perusahaan dengan nama ini',
    );
    expect(indonesianOf('No such text anywhere')).toBeUndefined();
  });

  it("translates every message the schemas answer, fixed or built from the field's name", () => {
    const untranslated = resourceList.flatMap((def) =>
      schemaMessages(def)
        .filter((m) => !indonesianMessage(m)?.trim())
        .map((m) => `${def.name}: ${m}`),
    );
    expect(untranslated).toEqual([]);
  });

  it('keeps no message the definition does not answer', () => {
    const extras = new Set([
      // answered by the server's activation, and the type of a system event
      CANNOT_ACTIVATE_MESSAGE,
      SYSTEM_EVENTS.robBelowZero.type,
      // the thresholds' key checks: zod answers them inside its own 'Invalid key in record'
      'device name must not be empty',
      'data name must not be empty',
    ]);
    const stale = resourceList.flatMap((def) => {
      const answered = [
        ...schemaMessages(def),
        ...def.unique.map((u) => u.message),
        ...def.rules.map((r) => r.message),
        ...Object.values(def.fields).map((f) => f.ref?.whereMessage),
      ].filter((m): m is string => !!m);
      // a name a schema helper was given starts its messages; a JSON value's message ends its value's
      const used = (english: string) =>
        extras.has(english) ||
        answered.some((m) => m === english || m.startsWith(`${english} `) || m.endsWith(`: ${english}`));
      return Object.keys(def.indonesian.messages ?? {})
        .filter((english) => !used(english))
        .map((english) => `${def.name}: ${english}`);
    });
    expect(stale).toEqual([]);
  });

  it("fills the schema helpers' messages with the Indonesian of the name, options and numbers", () => {
    expect(indonesianMessage('Asset Name is required')).toBe('Nama Aset wajib diisi');
    expect(indonesianMessage('Adjustment value is required.')).toBe('Nilai penyesuaian wajib diisi.');
    expect(indonesianMessage('Start Sounding must be between 0 and 1,000,000,000 L')).toBe(
      'Sounding Awal harus antara 0 dan 1.000.000.000 L',
    );
    expect(indonesianMessage('Status must be one of: Not Approved, Approved')).toBe(
      'Status harus salah satu dari: Belum Disetujui, Disetujui',
    );
    expect(indonesianMessage('Thresholds (d.conditions_operator): conditions_operator must be and or or')).toBe(
      'Ambang Batas (d.conditions_operator): conditions_operator harus and atau or',
    );
    expect(indonesianMessage('Name must be at most 255 characters')).toBe('Nama maksimal 255 karakter');
    expect(indonesianMessage('Mystery Field is required')).toBeUndefined();
    // every template has the same placeholders in both languages
    for (const t of Object.values(SCHEMA_MESSAGES)) {
      const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(names(t.id), t.en).toEqual(names(t.en));
    }
  });

  it('gives a whole definition in Bahasa Indonesia, leaving the English one as it is', () => {
    const id = indonesianDef(company);
    expect(id.texts.title).toBe('Daftar Perusahaan');
    expect(id.fields.compGrcpId.label).toBe('Grup');
    expect(id.fields.compTimezone.placeholder).toBe('Zona bawaan instalasi');
    expect(id.fields.compStatus.options?.map((o) => o.label)).toEqual(['Belum Disetujui', 'Disetujui']);
    expect(columnLabel(id, 'compGrcp.grcpName')).toBe('Grup Terkait');
    expect(columnLabel(id, 'compCreatedTime')).toBe('Tanggal Dibuat');
    expect(id.unique[0].message).toBe('Grup sudah memiliki perusahaan dengan nama ini');
    expect(indonesianDef(bunkerLog).rules.map((r) => r.message)).toEqual([
      'Waktu mulai dan waktu selesai tidak boleh sama.',
      'Waktu selesai tidak boleh sebelum waktu mulai.',
    ]);
    expect(columnLabel(indonesianDef(fuelType), 'mftyCo2Factor')).toBe('Faktor CO₂');
    expect(indonesianDef(masterEvent).fields.mevtIsPriority.options?.[0].label).toBe('Tinggi');
    expect(indonesianDef(userCompany).fields.uscoAllAssets.hint).toMatch(/^Ya: pengguna melihat/);
    // made once, and already Indonesian stays so
    expect(indonesianDef(company)).toBe(id);
    expect(indonesianDef(id)).toBe(id);
    // the English definition is untouched
    expect(company.texts.title).toBe('Company List');
    expect(columnLabel(company, 'compCreatedTime')).toBe('Created Date');
    expect(asset.fields.massType.options?.[1].label).toBe('Approved');
    expect(indonesianOption({ value: 1, label: 'Yes', indonesian: { label: 'Ya' } }).label).toBe('Ya');
  });
});
