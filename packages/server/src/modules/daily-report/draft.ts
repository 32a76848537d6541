import type { Block, ReportModel, ReportPage } from '@fleet/shared/answers/daily-report.ts';
import { type ChartSpec, chartSvg } from './charts.ts';
import { type MapOptions, mapSvg } from './map.ts';

/**
 * The report before its charts and maps are drawn (issue 29): the model of model.ts with each chart and map as what
 * it shows (its series, its centre, zoom and track) instead of an SVG string. The PDF (pdf.ts) draws these straight
 * into the file; the Daily Report screen gets them as SVG (toModel). Both draw the same layout of the same numbers.
 */
export type DraftBlock =
  | Exclude<Block, { kind: 'chart' | 'maps' | 'row' }>
  | { kind: 'chart'; chart: ChartSpec; width: number; height: number }
  | { kind: 'maps'; maps: { title: string; map: MapOptions; width: number; height: number }[] }
  | { kind: 'row'; blocks: DraftBlock[] };
export type DraftPage = Omit<ReportPage, 'blocks'> & { blocks: DraftBlock[] };
export type ReportDraft = Omit<ReportModel, 'pages'> & { pages: DraftPage[] };

function toBlock(b: DraftBlock): Block {
  switch (b.kind) {
    case 'chart':
      return { kind: 'chart', svg: chartSvg(b.chart), width: b.width, height: b.height };
    case 'maps':
      return {
        kind: 'maps',
        maps: b.maps.map((m) => ({ title: m.title, svg: mapSvg(m.map), width: m.width, height: m.height })),
      };
    case 'row':
      return { kind: 'row', blocks: b.blocks.map(toBlock) };
    default:
      return b;
  }
}

/** The model of the screen: charts and maps as SVG. */
export const toModel = (draft: ReportDraft): ReportModel => ({
  ...draft,
  pages: draft.pages.map((p) => ({ ...p, blocks: p.blocks.map(toBlock) })),
});
