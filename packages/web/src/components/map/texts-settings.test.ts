import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { declaredTexts } from '../../api/i18n.ts';
import './texts.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../../..');
const serverConfig = readFileSync(join(ROOT, 'packages/server/src/config.ts'), 'utf8');
const readmeHeadings = readFileSync(join(ROOT, 'README.md'), 'utf8')
  .split('\n')
  .filter((l) => l.startsWith('## '))
  .map((l) => l.slice(3).trim());

// issue 28: the Change Map tooltip named MAP_TILE_* variables the server does not read
describe("the Change Map tooltip names the server's real settings", () => {
  it.each(['en', 'id'] as const)('%s', (language) => {
    const text = declaredTexts().get('components.map')![language].noTileServer;
    const variables = text.match(/\bMAP_[A-Z_]+\b/g) ?? [];
    expect(variables).toEqual(['MAP_SATELLITE_URL', 'MAP_ROAD_URL', 'MAP_BATHYMETRY_URL']);
    // config.ts reads `${l.env}_URL` for each layer of BASE_LAYERS
    for (const v of variables) expect(serverConfig).toContain(`env: '${v.replace(/_URL$/, '')}'`);
    const section = /README, (?:bagian )?"([^"]+)"/.exec(text)?.[1];
    expect(readmeHeadings).toContain(section);
  });
});
