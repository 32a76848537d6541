import { describe, expect, it } from 'vitest';
import { combinedChartOption } from './bunker-chart.ts';

describe('Bunker Dashboard combined chart (spec 002 §2.14, issue 28)', () => {
  it('puts every unit on its own named axis: flow rate apart from the total, density apart from temperature', () => {
    const p: [number, number | null][] = [[0, 1]];
    const o = combinedChartOption(
      [
        { name: 'Flowrate (KL/h)', unit: 'KL/h', points: p },
        { name: 'Total (KL)', unit: 'KL', points: p },
        { name: 'Density (g/cm³)', unit: 'g/cm³', points: p },
        { name: 'Temperature (°C)', unit: '°C', points: p },
      ],
      false,
    );
    const axisName = (i: number) => o.yAxis[o.series[i]?.yAxisIndex ?? -1]?.name;
    expect([0, 1, 2, 3].map(axisName)).toEqual(['KL/h', 'KL', 'g/cm³', '°C']);
    expect(o.yAxis.map((a) => [a.position, a.offset])).toEqual([
      ['left', 0],
      ['right', 0],
      ['left', 64],
      ['right', 64],
    ]);
    expect(o.grid).toMatchObject({ left: 128, right: 128 });
    expect([0.929, 0.93].map((v) => o.yAxis[2]?.axisLabel.formatter(v))).toEqual(['0.929', '0.93']);
  });
});
