import { DeleteOutlined, EditOutlined, ExpandOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Modal, Spin, Tooltip } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { text, useTexts } from '../../api/i18n.ts';
import { toast } from '../../api/toast.ts';
import { at } from '../../api/zone.ts';
import { CHART_HEIGHT } from '../../components/charts/rules.ts';
import { TimeChart } from '../../components/charts/TimeChart.tsx';
import '../../components/report-filter/report.css';
import { ChartForm } from './ChartForm.tsx';
import { type ChartDraft, chartAxes, chartStore, fetchChartSeries, type SavedChart, UNIT_SECONDS } from './model.ts';
import { customChartTexts } from './texts.ts';

/** Custom Chart (spec 002 §2.13): saved charts in a draggable grid, kept in the browser's IndexedDB. */
export default function CustomChartView() {
  const t = useTexts(customChartTexts);
  const [charts, setCharts] = useState<SavedChart[] | null>(null);
  const [form, setForm] = useState<{ open: boolean; editing: SavedChart | null }>({ open: false, editing: null });
  const [loadingIds, setLoadingIds] = useState<Set<number>>(new Set());
  const drag = useRef<number | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);

  const reload = useCallback(async () => setCharts(await chartStore.all()), []);
  useEffect(() => {
    reload().catch((e) => {
      console.error(e);
      setCharts([]);
    });
  }, [reload]);

  const busy = (id: number, on: boolean) =>
    setLoadingIds((s) => {
      const n = new Set(s);
      if (on) n.add(id);
      else n.delete(id);
      return n;
    });

  const save = async (d: ChartDraft) => {
    const id = form.editing?.id ?? Date.now();
    const series = await fetchChartSeries(d);
    await chartStore.put({ ...d, id, width: form.editing?.width ?? d.width ?? 'half', combinedChart: { series } });
    setForm({ open: false, editing: null });
    toast.success(text(customChartTexts, 'saved'));
    await reload();
  };

  const refresh = async (c: SavedChart) => {
    busy(c.id, true);
    try {
      const series = await fetchChartSeries(c);
      await chartStore.put({ ...c, combinedChart: { series } });
      await reload();
      toast.success(text(customChartTexts, 'refreshed', { name: c.asset.massName }));
    } catch (e) {
      console.error(e);
      toast.error(text(customChartTexts, 'refreshFailed', { name: c.asset.massName }));
    } finally {
      busy(c.id, false);
    }
  };

  const toggleWidth = async (c: SavedChart) => {
    const width = c.width === 'full' ? 'half' : 'full';
    setCharts((all) => all?.map((x) => (x.id === c.id ? { ...x, width } : x)) ?? null);
    try {
      await chartStore.put({ ...c, width });
    } catch (e) {
      console.error(e);
      setCharts((all) => all?.map((x) => (x.id === c.id ? { ...x, width: c.width } : x)) ?? null); // reverts
    }
  };

  const remove = (c: SavedChart) =>
    Modal.confirm({
      title: text(customChartTexts, 'deleteAsk'),
      okText: text(customChartTexts, 'delete'),
      cancelText: text(customChartTexts, 'cancel'),
      okButtonProps: { danger: true },
      keyboard: false,
      onOk: async () => {
        try {
          await chartStore.remove(c.id);
          toast.success(text(customChartTexts, 'deleted'));
          await reload();
        } catch (e) {
          console.error(e);
          toast.error(text(customChartTexts, 'deleteFailed'));
        }
      },
    });

  const drop = async (target: number) => {
    const from = drag.current;
    drag.current = null;
    setDragging(null);
    if (!charts || from == null || from === target) return;
    const ids = charts.map((c) => c.id).filter((id) => id !== from);
    ids.splice(ids.indexOf(target), 0, from);
    setCharts(ids.map((id, i) => ({ ...(charts.find((c) => c.id === id) as SavedChart), order: i })));
    await chartStore.reorder(ids);
  };

  return (
    <div>
      <div className="report-filter-actions report-section">
        <Button type="primary" onClick={() => setForm({ open: true, editing: null })}>
          {t('createChart')}
        </Button>
      </div>
      {charts == null ? (
        <Spin />
      ) : charts.length === 0 ? (
        <div className="report-empty">
          <Empty description={t('noCharts')} />
        </div>
      ) : (
        <div className="chart-grid">
          {charts.map((c) => {
            const series = c.combinedChart?.series ?? [];
            const hasPoints = series.some((s) => s.points.some((p) => p[1] != null));
            return (
              // biome-ignore lint/a11y/noStaticElementInteractions: drag to reorder; Order in the chart form does the same by keyboard
              <div
                key={c.id}
                className={`chart-grid-item${c.width === 'full' ? ' full' : ''}${dragging === c.id ? ' dragging' : ''}`}
                data-testid="custom-chart-card"
                draggable
                onDragStart={() => {
                  drag.current = c.id;
                  setDragging(c.id);
                }}
                onDragEnd={() => setDragging(null)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => {
                  e.preventDefault();
                  void drop(c.id);
                }}
              >
                <Card
                  size="small"
                  title={
                    <span>
                      {c.asset.massName}{' '}
                      <small className="report-stat-label">
                        {at(c.dateRange.start).format('DD-MM-YYYY HH:mm')} –{' '}
                        {at(c.dateRange.end).format('DD-MM-YYYY HH:mm')}
                      </small>
                    </span>
                  }
                  extra={
                    <span className="report-filter-actions">
                      <Tooltip title={c.width === 'full' ? t('halfWidth') : t('fullWidth')}>
                        <Button
                          size="small"
                          aria-label={t('toggleWidthOf', { name: c.asset.massName })}
                          icon={<ExpandOutlined />}
                          onClick={() => toggleWidth(c)}
                        />
                      </Tooltip>
                      <Button
                        size="small"
                        aria-label={t('refreshOf', { name: c.asset.massName })}
                        icon={<ReloadOutlined />}
                        onClick={() => refresh(c)}
                      />
                      <Button
                        size="small"
                        aria-label={t('editOf', { name: c.asset.massName })}
                        icon={<EditOutlined />}
                        onClick={() => setForm({ open: true, editing: c })}
                      />
                      <Button
                        size="small"
                        aria-label={t('deleteOf', { name: c.asset.massName })}
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => remove(c)}
                      />
                    </span>
                  }
                >
                  {loadingIds.has(c.id) ? (
                    <div className="report-empty">{t('loading')}</div>
                  ) : !hasPoints ? (
                    <div className="report-empty">{t('empty')}</div>
                  ) : (
                    <TimeChart
                      aria-label={t('chartOf', { name: c.asset.massName })}
                      height={CHART_HEIGHT.report}
                      stepMs={UNIT_SECONDS[c.intervalUnit] * c.intervalLength * 1000}
                      {...chartAxes(c, (u) => (u === 'count' ? t('unitCount') : u))}
                    />
                  )}
                </Card>
              </div>
            );
          })}
        </div>
      )}
      <ChartForm
        open={form.open}
        editing={form.editing}
        nextOrder={charts?.length ?? 0}
        onSave={save}
        onClose={() => setForm({ open: false, editing: null })}
      />
    </div>
  );
}
