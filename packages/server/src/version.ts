import { readFileSync } from 'node:fs';

/**
 * The product's version: the root package.json's `version` (docs/operations.md "Install and upgrade"; CHANGELOG.md).
 * Shown by /api/health, in the OpenAPI document, in the startup log line and by `npm run migrate`. Read at run time by
 * path: src/version.ts and the build's dist/version.js sit at the same depth below the repository root.
 */
export const VERSION: string = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
).version;
