/**
 * WCAG 2.x contrast (docs/decisions.md "Accessibility basics (issue 27)"): relative luminance of sRGB colours, the
 * ratio of two, and the AA minimum for a text's size. Pure: the theme's unit test checks the palette with it, the
 * browser test (e2e/accessibility.spec.ts) the computed colours of every visible text.
 */

/** A colour with straight (not premultiplied) alpha; r, g, b 0–255, a 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/**
 * A CSS colour as a browser's computed style writes it (`rgb(…)`, `rgba(…)`, `color(srgb …)`) or as a hex
 * literal (#rgb, #rgba, #rrggbb, #rrggbbaa); `transparent` is black at alpha 0. Null for anything else.
 */
export function parseColor(css: string): Rgba | null {
  const s = css.trim().toLowerCase();
  if (s === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const hex = /^#([0-9a-f]{3,8})$/.exec(s);
  if (hex) {
    let h = hex[1];
    if (h.length === 3 || h.length === 4) h = [...h].map((c) => c + c).join('');
    if (h.length !== 6 && h.length !== 8) return null;
    const n = (i: number) => Number.parseInt(h.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), a: h.length === 8 ? n(6) / 255 : 1 };
  }
  const fn = /^(rgba?|color)\(([^)]*)\)$/.exec(s);
  if (!fn) return null;
  const parts = fn[2]
    .replace(/^srgb\s+/, '')
    .split(/[\s,/]+/)
    .filter(Boolean);
  if (parts.length < 3) return null;
  const channel = (p: string) => (p.endsWith('%') ? (Number.parseFloat(p) / 100) * 255 : Number.parseFloat(p));
  const [r, g, b] = fn[1] === 'color' ? parts.slice(0, 3).map((p) => Number.parseFloat(p) * 255) : parts.map(channel);
  const alpha = parts[3] === undefined ? 1 : parts[3].endsWith('%') ? Number.parseFloat(parts[3]) / 100 : +parts[3];
  if ([r, g, b, alpha].some((v) => Number.isNaN(v))) return null;
  return { r, g, b, a: alpha };
}

/** `top` painted over `bottom` (source-over); the result's alpha is their combined coverage. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top.a + bottom.a * (1 - top.a);
  if (a === 0) return { r: 0, g: 0, b: 0, a: 0 };
  const mix = (t: number, b: number) => (t * top.a + b * bottom.a * (1 - top.a)) / a;
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a };
}

/** WCAG relative luminance of an opaque colour (its alpha is ignored). */
export function luminance(c: Rgba): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

/** The contrast ratio (1–21) of a text colour over an opaque background; a translucent text is blended first. */
export function contrastRatio(text: Rgba, background: Rgba): number {
  const fg = text.a < 1 ? over(text, { ...background, a: 1 }) : text;
  const [l1, l2] = [luminance(fg), luminance(background)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

/** WCAG "large scale" text: at least 24 px (18 pt), or at least 18.66 px (14 pt) and bold (weight 700 or more). */
export function isLargeText(fontSizePx: number, fontWeight: number): boolean {
  return fontSizePx >= 24 || (fontSizePx >= 18.66 && fontWeight >= 700);
}

/** The AA minimum ratio of a text: 3 for large text, 4.5 for the rest. */
export function requiredRatio(fontSizePx: number, fontWeight: number): number {
  return isLargeText(fontSizePx, fontWeight) ? 3 : 4.5;
}

/** Ratio of two CSS colours (the background taken as opaque over white); NaN when either does not parse. */
export function cssContrast(text: string, background: string): number {
  const fg = parseColor(text);
  const bg = parseColor(background);
  if (!fg || !bg) return Number.NaN;
  return contrastRatio(fg, over(bg, { r: 255, g: 255, b: 255, a: 1 }));
}
