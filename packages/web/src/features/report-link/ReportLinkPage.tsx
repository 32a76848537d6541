import { offsetLabel } from '@fleet/shared/time-zone.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Spin, Tag } from 'antd';
import { Suspense, useState } from 'react';
import '../../components/report-filter/report.css';
import { isApiError } from '../../api/client.ts';
import { useTexts } from '../../api/i18n.ts';
import { summaryQuery } from '../../api/summary.ts';
import { zoneHours } from '../../api/zone.ts';
import { dateTime, periodDateTimes } from '../../components/format.ts';
import { SummaryCharts } from '../../components/summary/SummaryCharts.tsx';
import { VesselTrackMap } from '../../components/summary/summary-view.ts';
import { summaryTexts } from '../../components/summary/texts.ts';
import { EngineSections } from './EngineSections.tsx';
import type { LinkSummary } from './layout.ts';
import { takeLinkParams } from './link-params.ts';
import { type LinkFailure, type LinkView, useLinkSession } from './link-session.ts';
import { SummaryTable } from './SummaryTable.tsx';
import { reportLinkTexts } from './texts.ts';
import './report-link.css';

/** Spinner with the spec's loading text (spec 002 §2.4). */
function Loading({ text, testId }: { text: string; testId?: string }) {
  return (
    <div className="rl-loading" data-testid={testId} role="status">
      <Spin />
      <span>{text}</span>
    </div>
  );
}

/**
 * The report summary page opened by link (spec 002 §2.4, route /auth/export): signed in by a share link
 * (`?link=`, the default way) or, for compatibility, by the spec's `u`/`p` (taken out of the address at once).
 * Header, vessel tracking, summary table, RPM and fuel charts, engine sections and footer; a hidden
 * `#report-done` marker appears when loading has finished, so a headless printer can wait for it.
 */
export default function ReportLinkPage() {
  const t = useTexts(reportLinkTexts);
  const [params] = useState(takeLinkParams);
  const session = useLinkSession(params);
  const view = session.view;
  const summary = useQuery({
    ...summaryQuery({
      massId: view?.massId ?? null,
      start: (view?.start ?? 0) * 1000,
      end: (view?.end ?? 0) * 1000,
      interval: 'hour',
      showDetails: true,
    }),
    enabled: !!view,
  });
  const s = summary.data as LinkSummary | undefined;
  const failure: LinkFailure | null =
    session.failure ??
    (summary.error
      ? isApiError(summary.error) && summary.error.httpStatus === 404
        ? { problem: 'vesselUnavailable' }
        : { message: summary.error.message }
      : null);
  const loading = !failure && (session.loading || (!!view && summary.isLoading));
  const [generated] = useState(() => Math.floor(Date.now() / 1000));

  return (
    <div className="rl-page">
      <Header view={view} s={s} />
      {failure ? (
        <Alert
          type="error"
          showIcon
          message={'problem' in failure ? t(failure.problem) : failure.message}
          className="rl-failure"
          data-testid="rl-failure"
        />
      ) : loading || !view ? (
        <Loading text={t('loadingData')} testId="rl-loading" />
      ) : (
        <Body s={s} view={view} />
      )}
      <footer className="rl-footer" data-testid="rl-footer">
        <span>{t('generated', { time: dateTime(generated), offset: offsetLabel(zoneHours(generated * 1000)) })}</span>
        {view?.mode === 'share-link' && view.expires != null && (
          <span>{t('validUntil', { time: dateTime(view.expires) })}</span>
        )}
        <span>Fleet Monitoring</span>
      </footer>
      {!loading && <div id="report-done" data-testid="report-done" hidden />}
    </div>
  );
}

function Header({ view, s }: { view: LinkView | undefined; s: LinkSummary | undefined }) {
  const t = useTexts(reportLinkTexts);
  return (
    <header className="rl-header" data-testid="rl-header">
      <div>
        <h1 className="rl-title">{t('title')}</h1>
        <div className="rl-vessel" data-testid="rl-vessel">
          {view?.massName ?? s?.massName ?? ''}
          {s?.maintenance && (
            <Tag color="orange" className="rl-maintenance" data-testid="rl-maintenance">
              {t('underMaintenance')}
            </Tag>
          )}
        </div>
      </div>
      {view && (
        <div className="rl-range" data-testid="rl-range">
          <div>{t('analysedRange')}</div>
          <strong>{periodDateTimes(view.start, view.end)}</strong>
          <div>{offsetLabel(zoneHours(view.start * 1000))}</div>
        </div>
      )}
    </header>
  );
}

function Body({ s, view }: { s: LinkSummary | undefined; view: LinkView }) {
  const t = useTexts(reportLinkTexts);
  const summaryT = useTexts(summaryTexts);
  if (!s) return <Loading text={t('loadingData')} />;
  const hasData = s.firstData != null;
  return (
    <>
      {s.maintenance && (
        <Alert
          type="warning"
          showIcon
          message={summaryT('maintenance')}
          className="rl-section"
          data-testid="rl-maintenance-note"
        />
      )}
      <Card size="small" title={t('vesselTracking')} className="rl-section" data-testid="rl-tracking">
        {s.gps && Object.keys(s.gps.data).length ? (
          <Suspense fallback={<Loading text={t('loading')} />}>
            <VesselTrackMap summary={s} name={view.massName ?? s.massName} height={320} />
          </Suspense>
        ) : (
          <div className="rl-table-empty">{t('noData')}</div>
        )}
      </Card>
      <Card size="small" title={t('summary')} className="rl-section" data-testid="rl-summary">
        <SummaryTable s={s} />
      </Card>
      {hasData && (
        <Suspense fallback={<Loading text={t('loading')} />}>
          <section className="rl-section" data-testid="rl-charts">
            <SummaryCharts summary={s} massId={s.massId} interval="hour" />
          </section>
          <section className="rl-section" data-testid="rl-engines">
            <EngineSections s={s} />
          </section>
        </Suspense>
      )}
    </>
  );
}
