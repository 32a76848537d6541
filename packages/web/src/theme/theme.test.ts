import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { cssContrast } from './contrast.ts';
import { TEXT_COLORS, theme } from './theme.ts';

const WHITE = '#ffffff';
const SURFACE = '#f4f7fa'; // app.css --surface
const token = antdTheme.getDesignToken(theme) as unknown as Record<string, string>;
const tagToken = { ...token, ...(theme.components?.Tag as Record<string, string>) };
const rootVars = Object.fromEntries(
  [
    ...readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../app/app.css'), 'utf8').matchAll(
      /^\s*(--[\w-]+):\s*([^;]+);/gm,
    ),
  ].map((m) => [m[1], m[2].trim()]),
);

describe('theme: text colours pass WCAG AA (issue 27)', () => {
  it.each([
    'colorText',
    'colorTextSecondary',
    'colorTextTertiary',
    'colorTextDescription',
    'colorTextHeading',
    'colorTextLabel',
    'colorLink',
    'colorPrimary',
    'colorError',
  ])('%s on white and on the page surface', (name) => {
    expect(cssContrast(token[name], WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(cssContrast(token[name], SURFACE)).toBeGreaterThanOrEqual(4.5);
  });

  it('error text on the error background, white on the primary and danger buttons', () => {
    expect(cssContrast(token.colorError, token.colorErrorBg)).toBeGreaterThanOrEqual(4.5);
    expect(cssContrast(token.colorTextLightSolid, token.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(cssContrast(token.colorTextLightSolid, token.colorError)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    'blue',
    'purple',
    'cyan',
    'green',
    'magenta',
    'pink',
    'red',
    'orange',
    'yellow',
    'volcano',
    'geekblue',
    'lime',
    'gold',
  ])('a %s tag: shade 7 over shade 1', (c) => {
    const text = tagToken[`${c}7`];
    expect(cssContrast(text, tagToken[`${c}1`]), `${c}7 ${text}`).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['Success', 'Warning', 'Error', 'Info'])('a %s status tag', (s) => {
    expect(cssContrast(tagToken[`color${s}`], token[`color${s}Bg`])).toBeGreaterThanOrEqual(4.5);
  });

  it('app.css repeats the theme text colours, and its own passes on white and the surface', () => {
    expect(rootVars['--surface']).toBe(SURFACE);
    expect(rootVars['--text-secondary']).toBe(TEXT_COLORS.secondary);
    expect(rootVars['--text-muted']).toBe(TEXT_COLORS.muted);
    expect(rootVars['--text-error']).toBe(TEXT_COLORS.error);
    for (const v of ['--text-secondary', '--text-muted', '--text-error', '--sea', '--navy'])
      for (const bg of [WHITE, SURFACE])
        expect(cssContrast(rootVars[v], bg), `${v} on ${bg}`).toBeGreaterThanOrEqual(4.5);
  });
});
