import type { Page } from '@playwright/test';
import { contrastRatio, over, parseColor, type Rgba, requiredRatio } from '../src/theme/contrast.ts';

/**
 * The audits of e2e/accessibility.spec.ts (docs/decisions.md "Accessibility basics (issue 27)"): the browser
 * collects computed styles and names, the ratios and verdicts are worked out here (src/theme/contrast.ts).
 */

/** What does not count: exempt by WCAG (disabled controls, placeholders), hidden text, maps and graphics. */
const OUT_OF_SCOPE = [
  'svg',
  'canvas',
  '.leaflet-container',
  '[disabled]',
  '[aria-disabled="true"]',
  '[class*="-disabled"]',
  '[class*="placeholder"]',
  '.visually-hidden',
  '[aria-hidden="true"]',
].join(',');

interface TextSample {
  where: string;
  text: string;
  color: string;
  opacity: number;
  fontSize: number;
  fontWeight: number;
  /** background colours from the text's element outwards, to the first opaque one */
  layers: string[];
  /** a background image or video under the text: out of scope */
  overImage: boolean;
}

/** Every visible text of the page with its colours (one sample per element). */
async function textSamples(page: Page): Promise<TextSample[]> {
  return page.evaluate((outOfScope) => {
    const describeEl = (el: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && parts.length < 3; e = e.parentElement) {
        const cls = [...e.classList].filter((c) => !c.startsWith('css-')).slice(0, 2);
        parts.unshift(`${e.tagName.toLowerCase()}${cls.length ? `.${cls.join('.')}` : ''}`);
      }
      return parts.join(' > ');
    };
    const seen = new Set<Element>();
    const out: TextSample[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      const el = n.parentElement;
      if (!text || !el || seen.has(el)) continue;
      seen.add(el);
      if (el.closest(outOfScope) || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TITLE'].includes(el.tagName)) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const rect = range.getBoundingClientRect();
      if (rect.width < 2 || rect.height < 2) continue;
      const style = getComputedStyle(el);
      const layers: string[] = [];
      let overImage = false;
      let opacity = 1;
      for (let e: Element | null = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        opacity *= Number(s.opacity);
        if (s.backgroundImage !== 'none' || e.tagName === 'VIDEO' || e.tagName === 'IMG') {
          overImage = true;
          break;
        }
        layers.push(s.backgroundColor);
        const m = /rgba?\(([^)]*)\)/.exec(s.backgroundColor);
        const alpha = m ? m[1].split(/[\s,/]+/).filter(Boolean)[3] : undefined;
        if (m && (alpha === undefined || Number(alpha) === 1)) break;
      }
      out.push({
        where: describeEl(el),
        text: text.slice(0, 40),
        color: style.color,
        opacity,
        fontSize: Number.parseFloat(style.fontSize),
        fontWeight: Number(style.fontWeight) || 400,
        layers,
        overImage,
      });
    }
    return out;
  }, OUT_OF_SCOPE);
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/** The texts below the AA ratio for their size, as readable lines (empty: all pass). */
export async function contrastOffenders(page: Page): Promise<string[]> {
  const offenders: string[] = [];
  for (const s of await textSamples(page)) {
    if (s.overImage) continue;
    // the page's own background under everything is white (the canvas)
    let bg = WHITE;
    for (const layer of [...s.layers].reverse()) {
      const c = parseColor(layer);
      if (c) bg = over(c, bg);
    }
    const fg = parseColor(s.color);
    if (!fg) continue;
    const ratio = contrastRatio({ ...fg, a: fg.a * s.opacity }, bg);
    const need = requiredRatio(s.fontSize, s.fontWeight);
    if (ratio < need)
      offenders.push(
        `${ratio.toFixed(2)} < ${need} "${s.text}" (${s.where}; ${s.color} on ${s.layers.at(-1) ?? 'white'}, ${s.fontSize}px)`,
      );
  }
  return [...new Set(offenders)];
}

/** Visible form controls without an accessible name (labels, aria-label, aria-labelledby, title). */
export async function unnamedInputs(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'input:not([type=hidden]), select, textarea, [role=combobox], [role=checkbox], [role=switch], [role=spinbutton], [role=textbox]',
    );
    const textOf = (ids: string) =>
      ids
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
        .join(' ')
        .trim();
    const out: string[] = [];
    for (const el of controls) {
      // antd's hidden helper inputs: the search field of a closed select is the combobox itself
      if (el.closest('[aria-hidden="true"]')) continue;
      const box = el.closest('.ant-checkbox-wrapper, .ant-radio-wrapper, .ant-select, .ant-picker') ?? el;
      if (!box.checkVisibility({ visibilityProperty: true })) continue;
      const r = box.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue;
      const labels = (el as HTMLInputElement).labels;
      const name = [
        el.getAttribute('aria-label') ?? '',
        textOf(el.getAttribute('aria-labelledby') ?? ''),
        ...[...(labels ?? [])].map((l) => l.textContent?.trim() ?? ''),
        el.getAttribute('title') ?? '',
        ['BUTTON'].includes(el.tagName) ? (el.textContent?.trim() ?? '') : '',
      ]
        .join(' ')
        .trim();
      if (!name) {
        const cls = [...box.classList].filter((c) => !c.startsWith('css-')).join('.');
        out.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} in ${box.tagName.toLowerCase()}.${cls}`);
      }
    }
    return out;
  });
}

/** Icon-only buttons and links of table rows whose name says nothing of their row. */
export async function anonymousRowButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const row of document.querySelectorAll<HTMLTableRowElement>('.ant-table-tbody tr.ant-table-row')) {
      if (!row.checkVisibility()) continue;
      const cells = [...row.cells]
        .filter((c) => !c.querySelector('button, a[role=button]'))
        .map((c) => c.textContent?.trim().toLowerCase() ?? '')
        .filter((t) => t && t !== '-');
      for (const b of row.querySelectorAll<HTMLElement>('button, a[role=button], a[href]')) {
        if (b.textContent?.trim()) continue; // a visible text is its name
        const name = (b.getAttribute('aria-label') ?? b.getAttribute('title') ?? '').toLowerCase();
        const words = ` ${name.replace(/[^\p{L}\p{N}.\-#]+/gu, ' ')} `;
        const hasRow = cells.some((c) => name.includes(c) || words.includes(` ${c} `));
        if (!hasRow) out.push(`"${name}" in row "${cells.slice(0, 3).join(' | ')}"`);
      }
    }
    return out;
  });
}

/** A short description of the focused element. */
export function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
  });
}

/** Whether focus is inside the open dialog (role=dialog; antd's modal wrapper counts). */
export function focusInDialog(page: Page) {
  return page.evaluate(() => !!document.activeElement?.closest('[role=dialog], .ant-modal-wrap'));
}
