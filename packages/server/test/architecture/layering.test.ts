import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layer map of docs/architecture.md, checked on the source: which package may import which, which folder of the
 * server may import which, and no import circle between the server's files. A new import that points upward fails
 * here with the file and the import named.
 */
const ROOT = resolve(new URL('../../../..', import.meta.url).pathname);
const PACKAGES = join(ROOT, 'packages');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The module texts a file imports (static, re-exports and dynamic); with `values`, type-only imports left out. */
function importsOf(file: string, opts: { values?: boolean } = {}): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*((?:import|export)\b[^'"`;]*?)from\s*['"]([^'"]+)['"]/g))
    if (!opts.values || !/^(import|export)\s+type\b/.test(m[1])) out.push(m[2]);
  for (const m of text.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) out.push(m[1]);
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]);
  return out;
}

/** The workspace package a file belongs to (`server`, `shared` …). */
const packageOf = (file: string) => relative(PACKAGES, file).split('/')[0];

/** Which workspace packages each package's source (src/, bench/, test/) may import. */
const PACKAGE_RULES: Record<string, string[]> = {
  'fleet-catalog': ['shared'],
  shared: [],
  simulator: ['shared', 'fleet-catalog'],
  server: ['shared', 'fleet-catalog', 'simulator'],
  web: ['shared'],
};
const PACKAGE_NAMES: Record<string, string> = {
  '@fleet/shared': 'shared',
  '@fleet/server': 'server',
  '@fleet/simulator': 'simulator',
  '@fleet/web': 'web',
  '@fleet/fleet-catalog': 'fleet-catalog',
};

/** The package a specifier names: a workspace name, or a relative path that leaves the file's package. */
function targetPackage(file: string, spec: string): string | undefined {
  const name = Object.keys(PACKAGE_NAMES).find((n) => spec === n || spec.startsWith(`${n}/`));
  if (name) return PACKAGE_NAMES[name];
  if (spec.startsWith('.')) return packageOf(resolve(dirname(file), spec));
  return undefined;
}

const packages = readdirSync(PACKAGES).filter((p) => PACKAGE_RULES[p] !== undefined);

describe('layers (docs/architecture.md)', () => {
  it('every package is in the layer map', () => {
    const all = readdirSync(PACKAGES, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(all.filter((p) => PACKAGE_RULES[p] === undefined)).toEqual([]);
  });

  it('packages import only the packages below them', () => {
    const upward: string[] = [];
    for (const pkg of packages)
      for (const file of sourceFiles(join(PACKAGES, pkg)))
        for (const spec of importsOf(file)) {
          const target = targetPackage(file, spec);
          // browser tests drive simulated devices (the Teltonika client), as a real tracker would connect
          const allowed = file.includes('/web/e2e/') ? [...PACKAGE_RULES[pkg], 'simulator'] : PACKAGE_RULES[pkg];
          if (target && target !== pkg && !allowed.includes(target))
            upward.push(`${relative(ROOT, file)} imports ${spec} (${pkg} → ${target})`);
        }
    expect(upward).toEqual([]);
  });

  const SERVER_SRC = join(PACKAGES, 'server/src');
  const serverFiles = sourceFiles(SERVER_SRC);
  const local = (file: string, opts: { values?: boolean } = {}) =>
    importsOf(file, opts)
      .filter((s) => s.startsWith('.'))
      .map((s) => resolve(dirname(file), s));
  const area = (file: string) => relative(SERVER_SRC, file);

  it('migrations are self-contained: no import of live server code (the connection type aside)', () => {
    const found: string[] = [];
    for (const file of serverFiles.filter((f) => area(f).startsWith('db/migrations/')))
      for (const target of local(file)) {
        const typeOnly = !local(file, { values: true }).includes(target);
        const allowed = area(target).startsWith('db/migrations/') || (typeOnly && area(target) === 'db/database.ts');
        if (!allowed) found.push(`${area(file)} imports ${area(target)}`);
      }
    expect(found).toEqual([]);
  });

  it('lower layers of the server do not import higher ones', () => {
    // rank: a file may import files of its own rank or lower
    const rank = (f: string) => {
      const a = area(f);
      if (a === 'main.ts') return 5;
      // the app, and the demo seed (it signs users up through the product's own code)
      if (a === 'app.ts' || a === 'background.ts' || a.startsWith('db/seed/')) return 4;
      if (a.startsWith('modules/')) return 3;
      // the worker-thread pool and its fair queue: infrastructure the modules run heavy work on
      if (a.startsWith('http/') || a.startsWith('workers/')) return 2;
      if (a.startsWith('db/')) return 1;
      return 0; // config.ts, version.ts
    };
    const found: string[] = [];
    for (const file of serverFiles)
      for (const target of local(file))
        if (rank(target) > rank(file)) found.push(`${area(file)} imports ${area(target)}`);
    expect(found).toEqual([]);
  });

  it('the server has no import circle', () => {
    const graph = new Map(serverFiles.map((f) => [f, local(f).filter((t) => t.startsWith(SERVER_SRC))]));
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (f: string, path: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        circles.push([...path.slice(path.indexOf(f)), f].map(area).join(' → '));
        return;
      }
      state.set(f, 'open');
      for (const t of graph.get(f) ?? []) visit(t, [...path, f]);
      state.set(f, 'done');
    };
    for (const f of serverFiles) visit(f, []);
    expect(circles).toEqual([]);
  });

  it('finds an upward import when there is one (the checker itself works)', () => {
    expect(importsOf(join(SERVER_SRC, 'app.ts')).some((s) => s.includes('modules/index.ts'))).toBe(true);
    expect(targetPackage(join(PACKAGES, 'simulator/src/x.ts'), '@fleet/server/db/seed/demo-fleet.ts')).toBe('server');
    expect(targetPackage(join(PACKAGES, 'shared/src/x.ts'), '../../server/src/app.ts')).toBe('server');
  });
});
