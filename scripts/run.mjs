#!/usr/bin/env node
// `npm run seed | create-admin | config | migrate | backup | vacuum` (and `simulate`): runs one of the server's command-line entries in
// this process — the production build (packages/*/dist, scripts/build.mjs) when it is up to date; else, in a dev
// checkout, the TypeScript source through tsx; else (an install without tsx whose build is older than its sources) the
// build, with a warning. Usage: node scripts/run.mjs <entry> [arguments…]; the entry's arguments follow it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, serverBuildExists, serverBuildIsStale } from './build.mjs';

/** Entry name → its source under packages/ (the build has the same path with dist/ and .js). */
const ENTRIES = {
  backup: 'server/src/cli/backup.ts',
  'create-admin': 'server/src/cli/create-admin.ts',
  migrate: 'server/src/cli/migrate.ts',
  seed: 'server/src/db/seed/cli.ts',
  server: 'server/src/main.ts',
  simulate: 'simulator/src/cli.ts',
  vacuum: 'server/src/cli/vacuum.ts',
};

const [name] = process.argv.splice(2, 1);
const source = ENTRIES[name];
if (!source) {
  console.error(`Usage: node scripts/run.mjs <${Object.keys(ENTRIES).join('|')}> [arguments…]`);
  process.exit(2);
}
const built = join(root, 'packages', source.replace('/src/', '/dist/').replace(/\.ts$/, '.js'));
const tsx = existsSync(join(root, 'node_modules/tsx/package.json'));

let file;
if (serverBuildExists() && !serverBuildIsStale()) file = built;
else if (tsx) {
  (await import('tsx/esm/api')).register();
  file = join(root, 'packages', source);
} else if (serverBuildExists()) {
  console.warn('The server build is older than its sources (no tsx here to run the sources).');
  file = built;
} else {
  console.error('No production build and no tsx: run `npm run build` in a full install first.');
  process.exit(1);
}
await import(pathToFileURL(file).href);
