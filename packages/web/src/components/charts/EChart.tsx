import { useEffect, useRef } from 'react';
import { type EChartsOption, echarts } from './echarts.ts';

export interface EChartProps {
  option: EChartsOption;
  height: number;
  /** called with the zoomed window (x-axis values, epoch ms) when the user zooms or scrolls the chart */
  onZoom?: (start: number, end: number) => void;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** One ECharts instance in a div: resizes with its box, replaces its option on change. */
export function EChart({ option, height, onZoom, className, ...rest }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const zoomRef = useRef(onZoom);
  zoomRef.current = onZoom;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = echarts.init(el);
    chart.current = c;
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(el);
    c.on('datazoom', () => {
      const cb = zoomRef.current;
      if (!cb) return;
      const opt = c.getOption() as { dataZoom?: { startValue?: number; endValue?: number }[] };
      const z = opt.dataZoom?.[0];
      if (z?.startValue != null && z.endValue != null) cb(Number(z.startValue), Number(z.endValue));
    });
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} className={className} style={{ height, width: '100%' }} role="img" {...rest} />;
}
