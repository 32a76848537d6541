import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// `npm run dev`: Vite serves the app and forwards /api to the server (PORT, default 8080)
const apiPort = process.env.PORT || 8080;

/** Files worth precompressing (text; images, video and fonts are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest|map)$/;

/**
 * Writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) next to every compressible file of the build of at least
 * 1 KB, when smaller than the file: the server sends them to clients that accept them (@fastify/static
 * `preCompressed`; docs/operations.md "Serving the web app and compression"), so no request compresses them again.
 * The files are compressed side by side on libuv's thread pool (brotli 11 of the 3 MB land layer alone takes ~15 s).
 */
function precompress(): Plugin {
  let outDir = '';
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'fleet-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const e of readdirSync(dir, { withFileTypes: true })) {
          const p = join(dir, e.name);
          if (e.isDirectory()) walk(p);
          else if (COMPRESSIBLE.test(e.name) && statSync(p).size >= 1024) files.push(p);
        }
      };
      walk(outDir);
      // the largest first, so the long ones do not end up last on one thread
      files.sort((a, b) => statSync(b).size - statSync(a).size);
      await Promise.all(
        files.map(async (p) => {
          const raw = await readFile(p);
          const quality = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength };
          const [b, g] = await Promise.all([br(raw, { params: quality }), gz(raw, { level: 9 })]);
          if (b.byteLength < raw.byteLength) await writeFile(`${p}.br`, b);
          if (g.byteLength < raw.byteLength) await writeFile(`${p}.gz`, g);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: { port: 5173, proxy: { '/api': `http://localhost:${apiPort}` } },
  // the manifest lets tools/login-size.mjs measure what each route downloads
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500, manifest: true },
});
