import { render } from '@testing-library/react';
// @ts-expect-error ECharts ships no types for its locale modules: the English locale object, to compare shapes
import langEN from 'echarts/lib/i18n/langEN.js';
import i18next from 'i18next';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../test/setup.ts';
import { ECHARTS_LOCALE_ID } from './echarts-locale-id.ts';

// jsdom draws no canvas: echarts.init is replaced by a fake that records the locale it was asked for
const made: { locale?: string; options: unknown[]; disposed: boolean }[] = [];
vi.mock('./echarts.ts', async (real) => {
  const actual = await real<typeof import('./echarts.ts')>();
  const init = (_el: HTMLElement, _theme: unknown, opts?: { locale?: string }) => {
    const chart = { locale: opts?.locale, options: [] as unknown[], disposed: false };
    made.push(chart);
    return {
      setOption: (o: unknown) => chart.options.push(o),
      on: () => {},
      resize: () => {},
      getOption: () => ({}),
      dispose: () => {
        chart.disposed = true;
      },
    };
  };
  return { ...actual, echarts: { ...actual.echarts, init } };
});

const { EChart } = await import('./EChart.tsx');

/** The key paths of a locale object, arrays by their length. */
function shape(o: unknown, path = ''): string[] {
  if (Array.isArray(o)) return [`${path}[${o.length}]`];
  if (o && typeof o === 'object') return Object.entries(o).flatMap(([k, v]) => shape(v, path ? `${path}.${k}` : k));
  return [path];
}

describe("charts in the interface's language (issue 27)", () => {
  beforeEach(() => {
    made.length = 0;
  });
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it('translates every text of ECharts’ English locale, ECharts placeholders kept', () => {
    expect(shape(ECHARTS_LOCALE_ID).sort()).toEqual(shape(langEN).sort());
    expect(ECHARTS_LOCALE_ID.time.month[7]).toBe('Agustus');
    expect(ECHARTS_LOCALE_ID.aria.general.withTitle).toContain('{title}');
  });

  it('creates the chart with the ECharts locale of the language, and again with the same option when it changes', async () => {
    const option = { series: [] };
    render(<EChart option={option} height={100} aria-label="Fuel" />);
    expect(made.map((c) => c.locale)).toEqual(['EN']);
    await act(() => i18next.changeLanguage('id'));
    expect(made.map((c) => c.locale)).toEqual(['EN', 'ID']);
    expect(made[0].disposed).toBe(true);
    expect(made[1].options).toEqual([option]);
    await act(() => i18next.changeLanguage('en'));
    expect(made.map((c) => c.locale)).toEqual(['EN', 'ID', 'EN']);
  });

  it('starts in Bahasa Indonesia when that is the language in force', async () => {
    await act(() => i18next.changeLanguage('id'));
    render(<EChart option={{}} height={100} />);
    expect(made.map((c) => c.locale)).toEqual(['ID']);
  });
});
