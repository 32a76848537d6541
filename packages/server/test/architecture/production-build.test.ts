import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the production build needs of the sources it compiles (scripts/build.mjs; docs/operations.md "Install and
 * upgrade"): the built server runs after `npm ci --omit=dev`, with plain node. So every package a server-side file
 * loads at run time — imports that stay in the JavaScript (type-only ones vanish), `require(…)` and
 * `require.resolve(…)` of data files — is a `dependency` of that file's workspace package, never only a devDependency
 * (tsx, vite, typescript …); the TypeScript loader is loaded only by the worker entry, and only for a `.ts`
 * module; and a module loaded by URL names its source through `siblingModule` (workers/pool.ts), since the build's
 * import rewriting cannot reach a path inside `new URL(…)`.
 */
const ROOT = resolve(new URL('../../../..', import.meta.url).pathname);
const SERVER_SIDE = ['server', 'shared', 'simulator', 'fleet-catalog'];
const TS_LOADER_ENTRIES = ['server/src/workers/worker-entry.mjs'];

function files(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...files(p));
    else if (/\.(ts|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The bare package texts a file loads at run time. */
function runtimeLoads(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*((?:import|export)\b[^'"`;]*?)from\s*['"]([^'"]+)['"]/g))
    if (!/^(import|export)\s+type\b/.test(m[1])) out.push(m[2]);
  for (const m of text.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) out.push(m[1]);
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]);
  for (const m of text.matchAll(/(?:\brequire|\))(?:\.resolve)?\(\s*['"]([^'"./][^'"]*)['"]\s*\)/g)) out.push(m[1]);
  const bare = out.filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtinModules.includes(s));
  return bare;
}

const packageName = (s: string) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]);

describe('the production build runs without dev dependencies', () => {
  for (const pkg of SERVER_SIDE) {
    it(`packages/${pkg}: every package loaded at run time is a dependency`, () => {
      const manifest = JSON.parse(readFileSync(join(ROOT, 'packages', pkg, 'package.json'), 'utf8'));
      const allowed = new Set([...Object.keys(manifest.dependencies ?? {}), manifest.name]);
      const wrong: string[] = [];
      for (const file of files(join(ROOT, 'packages', pkg, 'src'))) {
        const rel = relative(join(ROOT, 'packages'), file);
        for (const s of runtimeLoads(readFileSync(file, 'utf8'))) {
          if (s === 'tsx/esm/api' && TS_LOADER_ENTRIES.includes(rel)) continue;
          if (!allowed.has(packageName(s))) wrong.push(`${rel} loads ${s}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('the TypeScript loader is loaded only by the worker entries, only for a .ts module', () => {
    for (const rel of TS_LOADER_ENTRIES) {
      const text = readFileSync(join(ROOT, 'packages', rel), 'utf8');
      expect(text, rel).not.toMatch(/^import .*tsx/m);
      expect(text, rel).toMatch(/if \(\w+\.endsWith\('\.ts'\)\) \(await import\('tsx\/esm\/api'\)\)\.register\(\);/);
    }
  });

  it("modules loaded by URL are named through siblingModule, not new URL('….ts')", () => {
    const wrong: string[] = [];
    for (const pkg of SERVER_SIDE)
      for (const file of files(join(ROOT, 'packages', pkg, 'src')))
        if (/new URL\(\s*['"][^'"]+\.ts['"]/.test(readFileSync(file, 'utf8'))) wrong.push(relative(ROOT, file));
    expect(wrong).toEqual([]);
  });
});
