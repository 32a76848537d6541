import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web app's module map (docs/architecture.md), checked on the source, type-only imports included: which folder
 * of packages/web/src may import which, no feature importing another, and no import circle between files. A new
 * import against the map fails here with the file and the import named.
 */
const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The module texts a file imports: static, type-only, re-exports, side effects (CSS) and dynamic. */
function importsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*['"]([^'"]+)['"]/g)) out.push(m[1]);
  for (const m of text.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) out.push(m[1]);
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]);
  return out;
}

/** The module of a path under src/: `features/<name>`, `components`, `api` …; `(root)` for main.tsx. */
function moduleOf(path: string): string {
  const [top, second] = path.split('/');
  if (top === 'features') return `features/${second}`;
  return path.includes('/') ? top : '(root)';
}

/**
 * Which modules each module may import, lowest first (its own files always). `feature` stands for every folder
 * under features/: a feature imports the shared layers, never another feature; app/ puts the features together.
 */
const MAY_IMPORT: Record<string, string[]> = {
  // screen names and their addresses: every layer may link to a screen
  routing: [],
  theme: [],
  api: ['theme', 'routing'],
  stores: ['api', 'routing'],
  auth: ['stores', 'api', 'routing'],
  components: ['auth', 'stores', 'api', 'theme', 'routing'],
  feature: ['components', 'auth', 'stores', 'api', 'theme', 'routing'],
  // the unit tests' setup (jsdom gaps, envelopes): imported by *.test.* files only
  test: [],
  app: ['features', 'components', 'auth', 'stores', 'api', 'theme', 'routing'],
  '(root)': ['app'],
};

/** Why an import from `from` to `to` (paths under src/) breaks the module map, or null when it keeps it. */
function offence(from: string, to: string): string | null {
  const a = moduleOf(from);
  const b = moduleOf(to);
  // fixtures (fakes and sample data next to what they stand in for) serve tests only
  const test = /\.(test|fixture)\.tsx?$/.test(from);
  if (/\.fixture\.tsx?$/.test(to) && !test) return `${from} imports ${to}: only tests import fixtures`;
  if (a === b) return null;
  if (b === 'test') return test ? null : `${from} imports ${to}: only tests import test/`;
  if (a.startsWith('features/') && b.startsWith('features/'))
    return `${from} imports ${to}: a feature imports no other feature`;
  const rule = a.startsWith('features/') ? 'feature' : a;
  const allowed = MAY_IMPORT[rule];
  if (!allowed) return `${from}: module ${a} is not in the module map`;
  const target = b.startsWith('features/') ? 'features' : b;
  return allowed.includes(target) ? null : `${from} imports ${to}: ${a} may import ${allowed.join(', ') || 'nothing'}`;
}

/** The circles of a graph (file → the files it imports), each as a path that returns to its start. */
function circlesOf(graph: Map<string, string[]>): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const circles: string[] = [];
  const visit = (f: string, path: string[]) => {
    if (state.get(f) === 'done') return;
    if (state.get(f) === 'open') {
      circles.push([...path.slice(path.indexOf(f)), f].join(' → '));
      return;
    }
    state.set(f, 'open');
    for (const t of graph.get(f) ?? []) visit(t, [...path, f]);
    state.set(f, 'done');
  };
  for (const f of graph.keys()) visit(f, []);
  return circles;
}

const files = sourceFiles(SRC).map((f) => relative(SRC, f));
/** Each file's imports inside src/, as paths under src/ (CSS included). */
const imports = new Map(
  files.map((f) => [
    f,
    [
      ...new Set(
        importsOf(readFileSync(join(SRC, f), 'utf8'))
          .filter((s) => s.startsWith('.'))
          .map((s) => relative(SRC, resolve(SRC, dirname(f), s))),
      ),
    ],
  ]),
);

describe('web module map (docs/architecture.md)', () => {
  it('every folder of src/ is in the module map', () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== 'features')
      .map((e) => e.name);
    expect(folders.filter((m) => MAY_IMPORT[m] === undefined)).toEqual([]);
  });

  it('no feature imports another; lower modules import no higher one', () => {
    const found: string[] = [];
    for (const [from, targets] of imports)
      for (const to of targets) {
        const o = offence(from, to);
        if (o) found.push(o);
      }
    expect(found).toEqual([]);
  });

  it('has no import circle between files', () => {
    const graph = new Map([...imports].map(([f, targets]) => [f, targets.filter((t) => imports.has(t))]));
    expect(circlesOf(graph)).toEqual([]);
  });

  it('finds a broken rule and a circle when there is one (the checker itself works)', () => {
    expect(importsOf("import type { A } from '../x/a.ts';\nimport './b.css';\nconst C = import('./c.tsx');")).toEqual([
      '../x/a.ts',
      './b.css',
      './c.tsx',
    ]);
    expect(offence('features/voyage/VoyageReport.tsx', 'features/fleet-map/Home.tsx')).toMatch(/no other feature/);
    expect(offence('api/summary.ts', 'stores/filter.ts')).toMatch(/api may import theme/);
    expect(offence('components/FilterBar.tsx', 'features/bunker/BunkeringLog.tsx')).not.toBeNull();
    expect(offence('stores/filter.ts', 'test/setup.ts')).toMatch(/only tests/);
    expect(offence('api/live-socket.ts', 'api/live-socket.fixture.ts')).toMatch(/only tests/);
    expect(offence('features/voyage/VoyageReport.tsx', 'components/fleet-map/FleetMap.tsx')).toBeNull();
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ]);
    expect(circlesOf(graph)).toEqual(['a.ts → b.ts → c.ts → a.ts']);
  });
});
