#!/usr/bin/env node
// `npm run build`: the production build (docs/operations.md "Install and upgrade").
// - the server and the workspace packages it imports (shared, simulator, fleet-catalog): every source file compiled
//   to JavaScript next to its package's src/, as packages/<name>/dist/<same path>.js, one output file per source file
//   (worker threads and report tasks load their modules by URL, import.meta.url must stay the module's own). Imports
//   are rewritten: `./x.ts` → `./x.js`, `@fleet/shared/x.ts` → a relative path to packages/shared/dist/x.js (plain node
//   needs no package `exports` condition for it); npm packages stay imports. esbuild only strips types: the type
//   check is `npm run typecheck`.
// - the web app (vite build; its plugin writes .gz and .br next to every compressible file).
// Then `npm start` (scripts/start.mjs) runs packages/server/dist/main.js with plain node.
// Also imported by start.mjs, e2e.mjs and run.mjs for the staleness checks and to build on demand.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'packages/web');
const bin = (name) => join(root, 'node_modules/.bin', process.platform === 'win32' ? `${name}.cmd` : name);

/** The workspace packages the server runs, by their name after `@fleet/`. */
export const serverPackages = ['shared', 'server', 'simulator', 'fleet-catalog'];
const packageDir = (name) => join(root, 'packages', name);

/** The server build's stamp: written last, so a build that failed half-way counts as missing. */
export const serverStamp = join(root, 'packages/server/dist/.build');
/** The server's built entry. */
export const serverMain = join(root, 'packages/server/dist/main.js');

/** Newest modification time under the given paths (files or folders), skipping node_modules and dist. */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== 'node_modules' && e !== 'dist') walk(join(p, e));
    } else max = Math.max(max, s.mtimeMs);
  };
  for (const p of paths) walk(p);
  return max;
}

/** The web app's inputs: its sources, static files, config, and the shared package it imports. */
export const webInputs = [
  join(web, 'src'),
  join(web, 'public'),
  join(web, 'index.html'),
  join(web, 'vite.config.ts'),
  join(web, 'package.json'),
  join(root, 'packages/shared/src'),
];

/** The server build's inputs: the sources of every package it runs, this script, and the root package.json. */
export const serverInputs = [
  ...serverPackages.flatMap((p) => [join(packageDir(p), 'src'), join(packageDir(p), 'package.json')]),
  join(root, 'package.json'),
  fileURLToPath(import.meta.url),
];

export function webBuildIsStale() {
  const built = join(web, 'dist/index.html');
  if (!existsSync(built)) return true;
  return newest(webInputs) > statSync(built).mtimeMs;
}

export function serverBuildExists() {
  return existsSync(serverStamp) && existsSync(serverMain);
}

export function serverBuildIsStale() {
  if (!serverBuildExists()) return true;
  return newest(serverInputs) > statSync(serverStamp).mtimeMs;
}

/** Whether this checkout has the build tools (a dev install; `npm ci --omit=dev` leaves them out). */
export function canBuild() {
  return existsSync(join(root, 'node_modules/esbuild/package.json')) && existsSync(bin('vite'));
}

export function buildWeb() {
  console.log('Building the web app…');
  const r = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('The web app build failed.');
    process.exit(r.status ?? 1);
  }
}

/** Every source file of a package that runs in the server (no tests: they live in test/, not src/). */
function sources(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|mjs)$/.test(e.name) && !/\.(test|spec)\.ts$/.test(e.name) && !e.name.endsWith('.d.ts'))
        out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** packages/<p>/src/a/b.ts → packages/<p>/dist/a/b.js (.mjs keeps its extension). */
function outputOf(source) {
  const rel = relative(join(root, 'packages'), source).split(sep);
  if (rel[1] !== 'src') throw new Error(`not a package source: ${source}`);
  rel[1] = 'dist';
  return join(root, 'packages', ...rel).replace(/\.ts$/, '.js');
}

/** The specifier by which the built `from` imports the built `to`. */
function specifier(from, to) {
  const r = relative(dirname(from), to).split(sep).join('/');
  return r.startsWith('.') ? r : `./${r}`;
}

/** Resolves every import to an external one: workspace files to their built path, npm packages unchanged. */
const rewriteImports = {
  name: 'fleet-rewrite-imports',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      let target = null;
      if (args.path.startsWith('.')) target = resolve(args.resolveDir, args.path);
      else {
        const m = /^@fleet\/([^/]+)(?:\/(.+))?$/.exec(args.path);
        if (m) {
          if (!serverPackages.includes(m[1])) throw new Error(`${args.importer} imports ${args.path}, not built`);
          target = join(packageDir(m[1]), 'src', m[2] ?? 'index.ts');
        }
      }
      if (!target) return { path: args.path, external: true };
      if (!existsSync(target)) return { errors: [{ text: `${args.path} not found (${target})` }] };
      return { path: specifier(outputOf(args.importer), outputOf(target)), external: true };
    });
  },
};

export async function buildServer() {
  const started = Date.now();
  console.log('Building the server…');
  const esbuild = await import('esbuild');
  const files = serverPackages.flatMap((p) => sources(join(packageDir(p), 'src')));
  for (const p of serverPackages) rmSync(join(packageDir(p), 'dist'), { recursive: true, force: true });
  // .mjs files are plain JavaScript already: copied as they are
  for (const f of files.filter((f) => f.endsWith('.mjs'))) {
    mkdirSync(dirname(outputOf(f)), { recursive: true });
    copyFileSync(f, outputOf(f));
  }
  const ts = files.filter((f) => f.endsWith('.ts'));
  await esbuild.build({
    entryPoints: ts.map((f) => ({ in: f, out: relative(root, outputOf(f)).replace(/\.js$/, '') })),
    outdir: root,
    bundle: true,
    plugins: [rewriteImports],
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // the sources' own names and line numbers in stack traces
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  });
  // each package's package.json says "type": "module"; dist sits below it, so .js files are ES modules
  writeFileSync(serverStamp, `${new Date().toISOString()}\n`);
  console.log(`Server built: ${ts.length} modules in ${Date.now() - started} ms (packages/*/dist).`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const only = process.argv[2];
  if (only !== 'web') await buildServer();
  if (only !== 'server') buildWeb();
}
