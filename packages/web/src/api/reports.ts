import { REPORT_KEYS, type ReportKey, type ReportModel } from '@fleet/shared/answers/daily-report.ts';
import { useQuery } from '@tanstack/react-query';
import { api, languageHeaders } from './client.ts';
import { text } from './i18n.ts';
import { storage } from './session-storage.ts';
import { apiTexts } from './texts.ts';
import { zoneHours } from './zone.ts';

/** The file name of a content-disposition header, else a name from the period. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

/**
 * The query of spec 002 §7.3 for the report keys (all by default), in the browser's timezone as every screen asks
 * its summary (docs/domain.md §1, §31), so the PDF's numbers and buckets are the screens'.
 */
export function reportQuery(
  massId: number,
  start: number,
  end: number,
  reports: readonly ReportKey[] = REPORT_KEYS,
): URLSearchParams {
  const q = new URLSearchParams({
    devcMassId: String(massId),
    aggregatedUnit: 'HOUR',
    aggregatedLength: '1',
    timezone: String(zoneHours(start * 1000)),
  });
  for (const r of reports) q.append('reports[]', r);
  if (end - start <= 86400) q.set('dataTables', 'true');
  return q;
}

export function useDailyReport(massId: number | null, start: number, end: number) {
  return useQuery({
    queryKey: ['daily-report', massId, start, end],
    enabled: massId != null,
    queryFn: ({ signal }) =>
      api.get<ReportModel>(
        `/reports/report/pages/period/${start}/${end}?${reportQuery(massId as number, start, end)}`,
        {
          signal,
        },
      ),
    staleTime: 60_000,
  });
}

/** Downloads the PDF and saves it under the server's file name (content-disposition). */
export function downloadPdf(massId: number, start: number, end: number): Promise<string> {
  return savePrint(start, end, reportQuery(massId, start, end), `daily-report-${start}-${end}.pdf`);
}

/**
 * GET /api/reports/report/print/period/{start}/{end}?{query} and saves the binary answer under the server's file
 * name (content-disposition), else `fallback`; a failure throws with the server's message.
 */
export function savePrint(start: number, end: number, query: URLSearchParams, fallback: string): Promise<string> {
  return saveDownload(`/reports/report/print/period/${start}/${end}?${query}`, fallback);
}

/**
 * GET /api{path} and saves the answer as a file under the server's name (content-disposition), else `fallback`; a
 * failure throws with the server's message. Files of other routes (the track's GPX and KML) are saved the same way.
 */
export async function saveDownload(path: string, fallback: string): Promise<string> {
  const token = storage.token();
  // the language in force, like every call of api/client.ts: the PDF is drawn in it (issue 27)
  const res = await fetch(`/api${path}`, {
    headers: { ...languageHeaders(), ...(token ? { Authentication: token } : {}) },
  });
  if (!res.ok) {
    let message = text(apiTexts, 'downloadFailed', { status: res.status });
    try {
      const body = await res.json();
      if (body?.status?.message) message = String(body.status.message);
    } catch {
      /* not JSON */
    }
    throw new Error(message);
  }
  const blob = await res.blob();
  const name = fileNameOf(res.headers.get('content-disposition'), fallback);
  saveBlob(blob, name);
  return name;
}

/** Hands a file made in the browser to the user as a download named `name`. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
