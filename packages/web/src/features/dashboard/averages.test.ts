import type { Summary } from '@fleet/shared/answers/summary.ts';
import { describe, expect, it } from 'vitest';
import { componentsTexts } from '../../components/texts.ts';
import { chartAverages, meAverageFlow } from './averages.ts';

/** The parts of a summary the averages read (a day: 83.13 NM in 13.5 moving hours, hourly speeds 0–11 kn). */
function summary(over: Partial<Summary> = {}): Summary {
  const side = (average: number) => ({
    devcId: 1,
    average,
    runningTime: 0,
    runningHours: 0,
    threshold: 400,
    sampleInterval: 60,
  });
  return {
    singleEngine: false,
    rpm: {
      data: { PORT: {}, STARBOARD: {} },
      summary: { PORT: side(812.5), STARBOARD: side(790), singleEngine: false, totalRPM: 801.25 },
    },
    flowmeter: { data: {}, summary: { portAverageFlow: 120, starboardAverageFlow: 98.5 } },
    gps: {
      // hourly speeds: their mean (3.56 kn) is not the period's average speed (6.16 kn)
      data: {
        '0': { timestamp: 0, latitude: null, longitude: null, speed: 0, track: null, distance: 0 },
        '3600': { timestamp: 3600, latitude: null, longitude: null, speed: 13.19, track: null, distance: 13190 },
      },
      summary: {
        averageSpeed: 11.408,
        averageSpeedKnot: 6.16,
        calculatedSpeed: null,
        totalDistance: 153_957,
        distance: 153_957,
        totalCruise: 83.13,
        firstPosition: null,
        lastPosition: null,
      },
    },
    ...over,
  } as unknown as Summary;
}

// docs/domain.md §7: one average speed (distance ÷ moving time), never a mean of bucket speeds
describe('dashboard chart averages', () => {
  it("are the summary's figures, the same as the cards", () => {
    expect(chartAverages(summary())).toEqual([
      { label: 'Average RPM Port', value: 812.5 },
      { label: 'Average RPM Starboard', value: 790 },
      { label: 'Avg Fuel Flow (L/h)', value: 218.5 },
      { label: componentsTexts.en.averageSpeed, value: 6.16 },
    ]);
  });
  it('a single engine has one RPM; no data gives no figure', () => {
    const s = summary({ singleEngine: true, gps: undefined, flowmeter: undefined });
    expect(chartAverages(s)).toEqual([
      { label: 'Average RPM Main Engine', value: 812.5 },
      { label: 'Avg Fuel Flow (L/h)', value: null },
      { label: componentsTexts.en.averageSpeed, value: null },
    ]);
  });
  it('the main engine flow adds the sides that have one', () => {
    expect(meAverageFlow(summary())).toBe(218.5);
    const one = summary({
      flowmeter: { data: {}, summary: { portAverageFlow: 120, starboardAverageFlow: null } },
    } as unknown as Partial<Summary>);
    expect(meAverageFlow(one)).toBe(120);
  });
});
