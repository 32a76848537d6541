import { useMemo } from 'react';
import { at } from '../../api/zone.ts';
import { EChart } from './EChart.tsx';
import {
  axisLook,
  axisTick,
  formatValue,
  headroomMax,
  type Point,
  rpmAxisMax,
  splitGaps,
  type ValueKind,
} from './rules.ts';
import { useWindowWidth } from './useWidth.ts';

export interface TimeSeries {
  name: string;
  /** [epoch ms, value] */
  points: Point[];
  /** which y-axis (index into `axes`) */
  axis?: number;
  color?: string;
  type?: 'line' | 'bar';
}

export interface TimeAxis {
  name: string;
  kind?: ValueKind | 'rpm';
  /** fixed bounds (e.g. sparkline temperature 0–50) */
  min?: number;
  max?: number;
}

export interface TimeChartProps {
  series: TimeSeries[];
  axes: TimeAxis[];
  /** bucket length in ms: a longer step between points is a gap */
  stepMs: number;
  height: number;
  /** zoom slider; the callback gets the zoomed window in epoch ms */
  onZoom?: (start: number, end: number) => void;
  /** a bare line without axes, legend or tooltip (sparklines) */
  bare?: boolean;
  'aria-label'?: string;
}

/** A time chart with the §9 rules: headroom, RPM maximum, value labels, dashed faded gaps, ticks by width. */
export function TimeChart({ series, axes, stepMs, height, onZoom, bare, ...rest }: TimeChartProps) {
  const width = useWindowWidth();
  const hasZoom = !!onZoom;
  const option = useMemo(() => {
    const look = axisLook(width);
    const yAxis = axes.map((a, i) => {
      const vals = series.filter((s) => (s.axis ?? 0) === i).flatMap((s) => s.points.map((p) => p[1]));
      const max = a.max ?? (a.kind === 'rpm' ? rpmAxisMax(vals) : headroomMax(vals));
      return {
        type: 'value',
        name: bare || !look.show ? undefined : a.name,
        min: a.min ?? 0,
        max,
        show: !bare && look.show,
        splitNumber: look.splitNumber,
        position: i === 0 ? 'left' : 'right',
        offset: i > 1 ? 60 * (i - 1) : 0,
        axisLabel: { formatter: (v: number) => axisTick(v) },
        splitLine: { show: i === 0 && !bare },
      };
    });
    const kindOf = (s: TimeSeries) => {
      const k = axes[s.axis ?? 0]?.kind;
      return k === 'litres' ? 'litres' : 'number';
    };
    const out: object[] = [];
    for (const s of series) {
      const { solid, gaps } = splitGaps(s.points, stepMs);
      out.push({
        name: s.name,
        type: s.type ?? 'line',
        yAxisIndex: s.axis ?? 0,
        data: s.type === 'bar' ? s.points : solid,
        // a lone measured point draws no line: show it as a dot
        showSymbol: solid.filter((p) => p[1] !== null).length === 1,
        connectNulls: false,
        color: s.color,
        lineStyle: { width: bare ? 1.5 : 2 },
        areaStyle: bare ? { opacity: 0.15 } : undefined,
        tooltip: { valueFormatter: (v: number) => formatValue(v, kindOf(s)) },
      });
      if (s.type !== 'bar' && gaps.length) {
        out.push({
          name: s.name,
          type: 'line',
          yAxisIndex: s.axis ?? 0,
          data: gaps,
          showSymbol: false,
          connectNulls: false,
          color: s.color,
          lineStyle: { type: 'dashed', opacity: 0.4, width: 1.5 },
          tooltip: { show: false },
          silent: true,
        });
      }
    }
    return {
      animation: false,
      grid: bare
        ? { left: 0, right: 0, top: 2, bottom: 2 }
        : {
            left: look.show ? 56 : 8,
            right: look.show ? 56 * Math.max(1, axes.length - 1) : 8,
            top: 40,
            bottom: hasZoom ? 64 : 32,
          },
      legend: bare ? undefined : { top: 0, type: 'scroll' },
      tooltip: bare ? undefined : { trigger: 'axis' },
      xAxis: {
        type: 'time',
        show: !bare && look.show,
        splitNumber: look.splitNumber,
        axisLabel: { formatter: (v: number) => at(v).format('DD-MM HH:mm'), hideOverlap: true },
      },
      yAxis,
      dataZoom: hasZoom && !bare ? [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 8 }] : undefined,
      series: out,
    };
  }, [series, axes, stepMs, width, bare, hasZoom]);
  return <EChart option={option} height={height} onZoom={onZoom} {...rest} />;
}
