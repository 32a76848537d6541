import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layer map of docs/architecture.md, checked on the source: which package may import which, which folder of the
 * server may import which, which module folder may import which (MODULE_DAG), and no import circle between the
 * server's files. Type-only imports count everywhere (a type is a dependency too), except where a rule says so. A new
 * import that points upward fails here with the file and the import named.
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
  return importsOfText(readFileSync(file, 'utf8'), opts);
}

function importsOfText(text: string, opts: { values?: boolean } = {}): string[] {
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

/**
 * Inside `modules/`: each folder → the folders it may import (type-only imports included). A DAG: the test below
 * fails on a circle in it. Features build on the layers under them and never the other way: crud knows no feature
 * (each feature exports its resource hooks, modules/index.ts wires them), telemetry knows nothing built on it.
 * Files directly in `modules/` (index.ts) are the top: they may import every folder, and no folder imports them.
 * Drawn in docs/architecture.md "Module folders".
 */
const MODULE_DAG: Record<string, string[]> = {
  // who is signed in (sessions, tokens, sign-in) and the mail outbox: under everything
  auth: [],
  mail: [],
  // what a signed-in user may see (tenant scope)
  access: ['auth'],
  // the generic master-data routes; the features hook into them
  crud: ['access', 'auth'],
  // telemetry, and what is built on it
  telemetry: ['access', 'auth'],
  'event-engine': ['access', 'auth', 'crud', 'mail', 'telemetry'],
  live: ['access', 'auth', 'event-engine', 'telemetry'],
  tracker: ['access', 'auth', 'telemetry'],
  summary: ['access', 'auth', 'bunker', 'telemetry'],
  'daily-report': ['access', 'auth', 'mail', 'summary', 'telemetry'],
  efficiency: ['access', 'auth', 'summary', 'voyages'],
  'share-links': ['access', 'auth'],
  // API tokens administered (the token's session itself is resolved in auth)
  'api-tokens': ['access', 'auth'],
  // master-data features on crud
  assets: ['access', 'auth', 'crud'],
  companies: ['access', 'assets', 'auth', 'crud'],
  // an administrator mails a user the reset link of account/ (issue 28)
  users: ['access', 'account', 'auth', 'companies', 'crud', 'mail'],
  // first run: the first administrator (setup page, npm run create-admin)
  setup: ['access', 'auth', 'users'],
  bunker: ['access', 'auth', 'crud'],
  rob: ['access', 'auth', 'bunker', 'crud', 'event-engine', 'summary'],
  // abnormal consumption and possible fuel loss: system events from the summary's hours and the bunkering logs
  'fuel-watch': ['bunker', 'crud', 'event-engine', 'summary', 'telemetry'],
  // small standalone modules
  account: ['auth', 'mail'],
  geo: ['auth'],
  health: ['mail'],
  // the AsyncAPI document and page beside /api/docs: ingest's reading and answer schemas (issue 31)
  'api-docs': ['telemetry'],
  // the data lifecycle: raw-reading retention (keeping the summary's threshold hours first), partitions, backups
  lifecycle: ['summary', 'telemetry'],
  // voyages and legs (issue 30): detection from the track, motion hours, corrections audited, legs' figures by the summary
  voyages: ['access', 'auth', 'crud', 'geo', 'summary', 'telemetry'],
  // issue 30: CO₂, the DCS year, AER, cgDIST and CII, from the summary's figures and the voyages' motion hours
  emissions: ['access', 'auth', 'summary', 'voyages'],
  // a vessel's track for the Voyages screen's replay and its GPX/KML files (issue 30)
  track: ['auth', 'summary', 'telemetry'],
  // webhooks: what the event log, bunkering and voyages tell other systems, from a durable queue
  webhooks: ['auth', 'crud', 'event-engine', 'telemetry'],
};

/** The module folder of a path relative to the server's src/: '' for a file directly in modules/, else undefined. */
function moduleOf(area: string): string | undefined {
  const parts = area.split('/');
  if (parts[0] !== 'modules') return undefined;
  return parts.length > 2 ? parts[1] : '';
}

/** The imports (`from` imports `to`, paths relative to src/) that MODULE_DAG does not allow, named. */
function dagViolations(imports: { from: string; to: string }[], dag: Record<string, string[]>): string[] {
  const found: string[] = [];
  for (const { from, to } of imports) {
    const a = moduleOf(from);
    const b = moduleOf(to);
    if (a === undefined || b === undefined || a === b || a === '') continue;
    const allowed = b !== '' && dag[a]?.includes(b);
    if (!allowed) found.push(`${from} imports ${to} (${a} → ${b || 'modules/'})`);
  }
  return found;
}

/** The circles of a graph (node → the nodes it imports), each as its path. */
function circlesOf(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const circles: string[][] = [];
  const visit = (f: string, path: string[]) => {
    if (state.get(f) === 'done') return;
    if (state.get(f) === 'open') {
      circles.push([...path.slice(path.indexOf(f)), f]);
      return;
    }
    state.set(f, 'open');
    for (const t of graph.get(f) ?? []) visit(t, [...path, f]);
    state.set(f, 'done');
  };
  for (const f of graph.keys()) visit(f, []);
  return circles;
}

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
      // entry points: the server, and the command-line tools (npm run create-admin)
      if (a === 'main.ts' || a.startsWith('cli/')) return 5;
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

  it('the server has no import circle (type-only imports included)', () => {
    const graph = new Map(serverFiles.map((f) => [f, local(f).filter((t) => t.startsWith(SERVER_SRC))]));
    expect(circlesOf(graph).map((c) => c.map(area).join(' → '))).toEqual([]);
  });

  const moduleFolders = readdirSync(join(SERVER_SRC, 'modules'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

  it('every module folder is in the module DAG, and the DAG names only module folders', () => {
    expect(moduleFolders.filter((m) => MODULE_DAG[m] === undefined)).toEqual([]);
    const named = Object.entries(MODULE_DAG).flatMap(([m, to]) => [m, ...to]);
    expect([...new Set(named)].filter((m) => !moduleFolders.includes(m))).toEqual([]);
  });

  it('the module DAG has no circle', () => {
    const graph = new Map(Object.entries(MODULE_DAG));
    expect(circlesOf(graph).map((c) => c.join(' → '))).toEqual([]);
  });

  it('module folders import only the folders the DAG allows (type-only imports included)', () => {
    const imports = serverFiles.flatMap((f) =>
      local(f)
        .filter((t) => t.startsWith(SERVER_SRC))
        .map((t) => ({ from: area(f), to: area(t) })),
    );
    expect(dagViolations(imports, MODULE_DAG)).toEqual([]);
  });

  it('fails on an import against the module DAG and on a circle (the checker itself works)', () => {
    // a type-only import is an import
    const text = "import type { Session } from '../users/user.hooks.ts';\nimport { x } from './rows.ts';";
    const imports = importsOfText(text).map((s) => ({
      from: 'modules/crud/register.ts',
      to: relative(SERVER_SRC, resolve(SERVER_SRC, 'modules/crud', s)),
    }));
    expect(dagViolations(imports, MODULE_DAG)).toEqual([
      'modules/crud/register.ts imports modules/users/user.hooks.ts (crud → users)',
    ]);
    expect(dagViolations([{ from: 'modules/users/a.ts', to: 'modules/index.ts' }], MODULE_DAG)).toHaveLength(1);
    expect(dagViolations([{ from: 'modules/index.ts', to: 'modules/users/a.ts' }], MODULE_DAG)).toEqual([]);
    expect(dagViolations([{ from: 'modules/users/a.ts', to: 'modules/crud/b.ts' }], MODULE_DAG)).toEqual([]);
    expect(
      circlesOf(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'a']]);
  });

  it('finds an upward import when there is one (the checker itself works)', () => {
    expect(importsOf(join(SERVER_SRC, 'app.ts')).some((s) => s.includes('modules/index.ts'))).toBe(true);
    expect(targetPackage(join(PACKAGES, 'simulator/src/x.ts'), '@fleet/server/db/seed/demo-fleet.ts')).toBe('server');
    expect(targetPackage(join(PACKAGES, 'shared/src/x.ts'), '../../server/src/app.ts')).toBe('server');
  });
});

/**
 * The files a module loads at run time, itself included (value imports, dynamic ones too): relative paths and
 * `@fleet/shared/<file>` followed; `@fleet/shared` itself (the barrel) and npm packages listed by their name.
 */
function runtimeGraph(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.startsWith('/')) return; // a package name: not followed
    for (const spec of importsOf(file, { values: true })) {
      if (spec.startsWith('.')) walk(resolve(dirname(file), spec));
      else if (spec.startsWith('@fleet/shared/'))
        walk(join(PACKAGES, 'shared/src', spec.slice('@fleet/shared/'.length)));
      else walk(spec);
    }
  };
  for (const e of entries) walk(e);
  return seen;
}

describe('what a heavy worker loads (issue 29: server memory)', () => {
  const SERVER_SRC = join(PACKAGES, 'server/src');
  const WORKER = ['summary/heavy-worker.ts', 'summary/summary-task.ts', 'daily-report/report-task.ts'].map((f) =>
    join(SERVER_SRC, 'modules', f),
  );

  it("the tasks and what they import reach @fleet/shared's files, not its barrel (its resource schemas: ~13 MB RSS)", () => {
    const loaded = runtimeGraph(WORKER);
    expect(loaded.has(join(PACKAGES, 'shared/src/time.ts'))).toBe(true);
    expect(loaded.has('@fleet/shared')).toBe(false);
    // the checker itself works: the app loads the barrel
    expect(runtimeGraph([join(SERVER_SRC, 'app.ts')]).has('@fleet/shared')).toBe(true);
  });
});
