import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'fleet-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string) => {
        for (const e of readdirSync(dir, { withFileTypes: true })) {
          const p = join(dir, e.name);
          if (e.isDirectory()) walk(p);
          else if (COMPRESSIBLE.test(e.name) && statSync(p).size >= 1024) {
            const raw = readFileSync(p);
            const br = brotliCompressSync(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
              },
            });
            const gz = gzipSync(raw, { level: 9 });
            if (br.byteLength < raw.byteLength) writeFileSync(`${p}.br`, br);
            if (gz.byteLength < raw.byteLength) writeFileSync(`${p}.gz`, gz);
          }
        }
      };
      walk(outDir);
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: { port: 5173, proxy: { '/api': `http://localhost:${apiPort}` } },
  // the manifest lets tools/login-size.mjs measure what each route downloads
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500, manifest: true },
});
