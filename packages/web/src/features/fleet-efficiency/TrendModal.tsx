import type { EfficiencyTrend } from '@fleet/shared/answers/efficiency.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Spin, Table } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useMemo } from 'react';
import { api } from '../../api/client.ts';
import { useLanguage, useTexts } from '../../api/i18n.ts';
import { EChart } from '../../components/charts/EChart.tsx';
import { PHONE_MAX_WIDTH } from '../../components/charts/rules.ts';
import { useWindowWidth } from '../../components/charts/useWidth.ts';
import { num } from '../../components/format.ts';
import { efficiencyTexts } from './texts.ts';
import { trendOption } from './trend-chart.ts';

type Month = EfficiencyTrend['months'][number];

/** A vessel's monthly trend (docs/domain.md §38): L/NM and L/h, fuel and distance of the last 12 months, then the figures. */
export function TrendModal({ vessel, onClose }: { vessel: { massId: number; massName: string }; onClose: () => void }) {
  const t = useTexts(efficiencyTexts);
  const language = useLanguage();
  const narrow = useWindowWidth() <= PHONE_MAX_WIDTH;
  const trend = useQuery({
    queryKey: ['efficiency', 'trend', vessel.massId],
    queryFn: ({ signal }) =>
      api.get<EfficiencyTrend>(`/efficiency/${vessel.massId}/trend`, { query: { months: 12 }, signal, silent: true }),
  });
  const months = trend.data?.months;
  // the month's name in the interface's language: the answer's YYYY-MM, cut in the vessel's company's zone
  const label = useCallback(
    (m: Month) => {
      const name = dayjs(`${m.month}-01`).locale(language).format('MMM YYYY');
      return m.partial ? t('soFar', { month: name }) : name;
    },
    [language, t],
  );
  const charts = useMemo(() => {
    const list = months ?? [];
    const labels = list.map(label);
    const series = (k: 'litresPerNm' | 'litresPerHour' | 'fuel' | 'distanceNm') => list.map((m) => m[k]);
    return {
      intensity: trendOption(
        labels,
        [
          { name: t('litresPerNm'), values: series('litresPerNm'), digits: 2, kind: 'line' },
          { name: t('litresPerHour'), values: series('litresPerHour'), digits: 1, kind: 'line' },
        ],
        narrow,
      ),
      volume: trendOption(
        labels,
        [
          { name: t('fuel'), values: series('fuel'), digits: 0, kind: 'bar' },
          { name: t('distance'), values: series('distanceNm'), digits: 1, kind: 'line' },
        ],
        narrow,
      ),
    };
  }, [months, label, t, narrow]);
  const figure = (digits: number) => (v: number | null) => num(v, digits);
  return (
    <Modal
      open
      title={t('trendOf', { vessel: vessel.massName })}
      onCancel={onClose}
      footer={null}
      width={narrow ? '100%' : 960}
      style={narrow ? { top: 0, maxWidth: '100vw', padding: 0 } : undefined}
      destroyOnHidden
    >
      {trend.isPending ? (
        <Spin />
      ) : trend.isError ? (
        <Alert type="error" showIcon message={t('trendFailed')} description={trend.error.message} />
      ) : (
        <>
          {(
            [
              [t('trendIntensity'), charts.intensity],
              [t('trendFuel'), charts.volume],
            ] as const
          ).map(([title, option]) => (
            <figure key={title} className="efficiency-trend-chart">
              <figcaption>{title}</figcaption>
              <EChart option={option} height={narrow ? 220 : 260} aria-label={title} />
            </figure>
          ))}
          <Table<Month>
            size="small"
            rowKey="month"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={[...(months ?? [])].reverse()}
            columns={[
              { title: t('month'), key: 'month', fixed: 'left', render: (_, m) => label(m) },
              { title: t('litresPerNm'), dataIndex: 'litresPerNm', align: 'right', render: figure(2) },
              { title: t('litresPerHour'), dataIndex: 'litresPerHour', align: 'right', render: figure(1) },
              { title: t('fuel'), dataIndex: 'fuel', align: 'right', render: figure(0) },
              { title: t('distance'), dataIndex: 'distanceNm', align: 'right', render: figure(1) },
              { title: t('meHours'), dataIndex: 'meHours', align: 'right', render: figure(1) },
              { title: t('co2'), dataIndex: 'co2', align: 'right', render: figure(3) },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
