import { deserialize, serialize } from 'node:v8';
import type { ReportModel } from '@fleet/shared/answers/daily-report.ts';
import type { Database } from '../../db/database.ts';
import type { Language } from '../../i18n/language.ts';
import type { HeavyTask } from '../summary/heavy-worker.ts';
import type { VesselPlan } from '../summary/summary-vessel.ts';
import type { ReportDraft } from './draft.ts';
import { loadReport } from './report.ts';
import type { ReportRequest } from './report-request.ts';

/**
 * A daily report as one heavy task (summary/heavy.ts; issue 29): its numbers summarised and its pages drawn in the
 * same heavy worker thread — one worker isolate and one module set for summaries and reports, where a report worker
 * of its own beside the heavy worker cost ~80 MB RSS while both were alive. Drawing (charts, maps, the PDF) is CPU
 * work of a few hundred ms, so a report always goes to the heavy pool, whatever its size (heavy.ts runReport).
 */
export interface ReportTaskArgs {
  plan: VesselPlan;
  report: Omit<ReportRequest, 'massId'>;
  now: number;
  /** the PDF (and the draft it was drawn from), or the screen's model (charts and maps as SVG) */
  pdf: boolean;
  /** the language its texts, numbers and dates are written in */
  language: Language;
}

export async function runTask(database: Database, a: ReportTaskArgs): Promise<Uint8Array> {
  const input = await loadReport(database, a.plan, a.report, a.now);
  // loaded on the first report only: a worker that only summarises does without ECharts, pdfkit and the land index
  const [{ buildDraft, buildModel }, { renderPdf }] = await Promise.all([import('./model.ts'), import('./pdf.ts')]);
  // a PDF draws its charts and maps from the draft (returned with it: its file name, title, pages); the screen's
  // model has them as SVG
  const draft = a.pdf ? buildDraft(input, a.language) : null;
  const drawn = draft
    ? { model: draft, pdf: await renderPdf(draft, a.language) }
    : { model: buildModel(input, a.language), pdf: null };
  const b = serialize(drawn);
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

/** The PDF task's answer: the PDF and the draft it was drawn from. */
export function readPdf(bytes: Uint8Array): { model: ReportDraft; pdf: Buffer } {
  const { model, pdf } = deserialize(bytes) as { model: ReportDraft; pdf: Uint8Array };
  return { model, pdf: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) };
}

/** The screen's task answer: the report model. */
export const readModel = (bytes: Uint8Array) => (deserialize(bytes) as { model: ReportModel }).model;

export const reportTask: HeavyTask<ReportTaskArgs> = { module: import.meta.url, runTask };
