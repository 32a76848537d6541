import { useEffect, useRef } from 'react';
import { useLanguage } from '../../api/i18n.ts';
import { type EChartsOption, echarts, echartsLocale } from './echarts.ts';

export interface EChartProps {
  option: EChartsOption;
  height: number;
  /** called with the zoomed window (x-axis values, epoch ms) when the user zooms or scrolls the chart */
  onZoom?: (start: number, end: number) => void;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * One ECharts instance in a div: resizes with its box, replaces its option on change. ECharts takes its locale
 * (its own texts) only when an instance is created, so the chart is created again, with the current option, when
 * the interface's language changes (issue 27).
 */
export function EChart({ option, height, onZoom, className, ...rest }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const zoomRef = useRef(onZoom);
  zoomRef.current = onZoom;
  const optionRef = useRef(option);
  optionRef.current = option;
  /** the option the instance holds (a new instance gets the current one: no second setOption on mount) */
  const shown = useRef<EChartsOption | null>(null);
  const locale = echartsLocale(useLanguage());

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = echarts.init(el, undefined, { locale });
    chart.current = c;
    c.setOption(optionRef.current, { notMerge: true });
    shown.current = optionRef.current;
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
      shown.current = null;
    };
  }, [locale]);

  useEffect(() => {
    if (!chart.current || shown.current === option) return;
    chart.current.setOption(option, { notMerge: true });
    shown.current = option;
  }, [option]);

  return <div ref={box} className={className} style={{ height, width: '100%' }} role="img" {...rest} />;
}
