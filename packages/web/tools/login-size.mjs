#!/usr/bin/env node
// What the sign-in page (/auth/login) downloads: the entry chunk, the chunks of the Login route and
// everything they import statically, the CSS, gzipped as a server would send them; the background
// video separately. Reads the Vite manifest of packages/web/dist.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const dep of chunk.imports ?? []) visit(dep);
};
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
visit(entry);
const login = Object.keys(manifest).find((k) => k.endsWith('features/auth/Login.tsx'));
visit(login);

let raw = 0;
let gz = 0;
for (const f of [...files, 'index.html']) {
  const buf = readFileSync(join(dist, f));
  raw += buf.length;
  gz += gzipSync(buf, { level: 9 }).length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const video720 = statSync(join(dist, 'video/sea-720p.webm')).size;
const video1080 = statSync(join(dist, 'video/sea-1080p.webm')).size;
console.log(`/auth/login: ${files.size + 1} files, ${kb(raw)} raw, ${kb(gz)} gzip (HTML, JS, CSS)`);
console.log(`background video: ${kb(video720)} (720p) or ${kb(video1080)} (1080p)`);
