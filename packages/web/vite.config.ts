import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev`: Vite serves the app and forwards /api to the server (PORT, default 8080)
const apiPort = process.env.PORT || 8080;

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': `http://localhost:${apiPort}` } },
  // the manifest lets tools/login-size.mjs measure what each route downloads
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500, manifest: true },
});
