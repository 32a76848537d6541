import { DownloadOutlined } from '@ant-design/icons';
import type { Block, ReportModel, ReportPage } from '@fleet/shared/answers/daily-report.ts';
import { Alert, Button, Empty, Spin } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/client.ts';
import { useTexts } from '../../api/i18n.ts';
import { periodSeconds } from '../../api/period.ts';
import { downloadPdf, useDailyReport } from '../../api/reports.ts';
import { toast } from '../../api/toast.ts';
import { ReportFilterBar } from '../../components/report-filter/ReportFilterBar.tsx';
import { useFilter } from '../../stores/filter.ts';
import './daily-report.css';
import { Subscribe } from './Subscribe.tsx';
import { dailyReportTexts } from './texts.ts';

const svgSrc = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function BlockView({ b }: { b: Block }) {
  const t = useTexts(dailyReportTexts);
  switch (b.kind) {
    case 'table':
      return (
        <div className="dr-table">
          {b.title && <h4>{b.title}</h4>}
          <table>
            <thead>
              <tr>
                {b.columns.map((c) => (
                  <th key={c}>{c}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {b.rows.map((r, i) => (
                // rows are positional: the hour or the item is the first cell
                // biome-ignore lint/suspicious/noArrayIndexKey: a report is drawn once from fixed data; its parts never reorder
                <tr key={`${i}-${r[0]}`}>
                  {r.map((c, j) => (
                    <td key={`${b.columns[j]}`}>{c}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'chart':
      return <img className="dr-chart" src={svgSrc(b.svg)} alt={t('chart')} width={b.width} height={b.height} />;
    case 'maps':
      return (
        <div className="dr-maps">
          {b.maps.map((m) => (
            <figure key={m.title}>
              <figcaption>{m.title}</figcaption>
              <img src={svgSrc(m.svg)} alt={m.title} width={m.width} height={m.height} />
            </figure>
          ))}
        </div>
      );
    case 'row':
      return (
        <div className="dr-row">
          {b.blocks.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a report is drawn once from fixed data; its parts never reorder
            <BlockView key={`${c.kind}-${i}`} b={c} />
          ))}
        </div>
      );
    case 'notice':
      return (
        <div className="dr-notice" role="alert">
          {b.text}
        </div>
      );
  }
}

function PageView({ model, page, n }: { model: ReportModel; page: ReportPage; n: number }) {
  const t = useTexts(dailyReportTexts);
  return (
    <section className="dr-page" aria-label={page.title}>
      <header className="dr-header">
        <div>
          <div className="dr-vessel">{model.massName}</div>
          <div className="dr-range">{t('period', { range: model.rangeText })}</div>
          <div className="dr-range">{t('analysedRange', { range: model.dataText })}</div>
        </div>
        <div className="dr-tz">
          <strong>{model.timezoneLabel}</strong>
          <div>{t('title')}</div>
        </div>
      </header>
      <h3 className="dr-title">{page.title}</h3>
      {page.blocks.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a report is drawn once from fixed data; its parts never reorder
        <BlockView key={`${page.title}-${b.kind}-${i}`} b={b} />
      ))}
      <footer className="dr-footer">
        <span>{t('generated', { time: model.generatedText, zone: model.timezoneLabel })}</span>
        <span>{t('page', { number: n, total: model.pages.length })}</span>
      </footer>
    </section>
  );
}

/**
 * /report/fms — the Daily Report (spec 002 §2.3): the PDF's pages on screen for the filter bar's vessel and day,
 * drawn from the same server model (same numbers, chart and map SVGs), a Download PDF button, the maintenance
 * notice, and a hidden done marker when loading finishes.
 */
export function DailyReport() {
  const t = useTexts(dailyReportTexts);
  const { range, currentAsset } = useFilter();
  const { start, end } = periodSeconds(range);
  const report = useDailyReport(currentAsset, start, end);
  const [busy, setBusy] = useState(false);
  const done = currentAsset != null && !report.isLoading;

  const download = async () => {
    if (currentAsset == null) return;
    setBusy(true);
    try {
      await downloadPdf(currentAsset, start, end);
    } catch (e) {
      console.error('daily report download failed', e);
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="daily-report">
      <ReportFilterBar report />
      <div className="dr-actions">
        {currentAsset != null && <Subscribe massId={currentAsset} />}
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          onClick={download}
          loading={busy}
          disabled={!report.data || busy}
        >
          {busy ? t('downloading') : t('downloadPdf')}
        </Button>
      </div>
      {currentAsset == null ? (
        <Empty description={t('noData')} />
      ) : report.isLoading ? (
        <Spin tip={t('loading')}>
          <div className="dr-loading" />
        </Spin>
      ) : report.error ? (
        <Alert type="error" showIcon message={isApiError(report.error) ? report.error.message : t('loadFailed')} />
      ) : report.data ? (
        <div className="dr-pages">
          {report.data.maintenance && <Alert type="warning" showIcon message={t('maintenance')} />}
          {report.data.pages.map((p, i) => (
            <PageView key={`${p.title}-${p.key}`} model={report.data} page={p} n={i + 1} />
          ))}
        </div>
      ) : null}
      {done && <div data-testid="daily-report-done" hidden />}
    </div>
  );
}
