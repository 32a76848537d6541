import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

/** config.ts is the one reader of the environment: the modules' settings come from it, a bad value stops the start. */
describe('configuration of the modules', () => {
  it('holds only what the environment sets for the modules’ tunables (their own defaults apply otherwise)', () => {
    const c = loadConfig({});
    expect(c.heavy).toEqual({});
    expect(c.reportWorker).toEqual({});
    expect(c.dailyReportTickSeconds).toBeUndefined();
    expect(c.eventSweepSeconds).toBeUndefined();
    expect(c.eventConfigCheckMs).toBeUndefined();
    expect(c.bunkerTolerance).toEqual({ warning: 0.5, protest: 1 });
    expect(c.baseLayers).toEqual([]);
    expect(c.weather.key).toBeNull();

    const set = loadConfig({
      HEAVY_WORKERS: '2',
      REPORT_MAX_POINTS: '1000',
      REPORT_WORKER_HEAP_MB: '128',
      DAILY_REPORT_TICK_SECONDS: '0',
      EVENT_SWEEP_SECONDS: '0',
      EVENT_CONFIG_CHECK_MS: '3600000',
      BUNKER_TOLERANCE_WARNING_PCT: '2',
      BUNKER_TOLERANCE_PROTEST_PCT: '1.5',
      MAP_BATHYMETRY_URL: 'https://wms.example/',
      MAP_BATHYMETRY_LAYERS: 'GEBCO',
    });
    expect(set.heavy).toEqual({ size: 2, reportMaxPoints: 1000 });
    expect(set.reportWorker).toEqual({ maxOldGenerationSizeMb: 128 });
    expect([set.dailyReportTickSeconds, set.eventSweepSeconds, set.eventConfigCheckMs]).toEqual([0, 0, 3_600_000]);
    // the protest band is never below the warning band
    expect(set.bunkerTolerance).toEqual({ warning: 2, protest: 2 });
    expect(set.baseLayers).toEqual([
      {
        id: 'bathymetry',
        name: 'Bathymetry',
        kind: 'wms',
        url: 'https://wms.example/',
        attribution: '',
        layers: 'GEBCO',
      },
    ]);
  });

  it('refuses a value it cannot use, naming the variable', () => {
    for (const [name, value] of [
      ['HEAVY_WORKERS', 'many'],
      ['HEAVY_WORKER_HEAP_MB', '-1'],
      ['REPORT_WORKER_IDLE_MS', '0'],
      ['DAILY_REPORT_TICK_SECONDS', '1.5'],
      ['EVENT_SWEEP_SECONDS', 'off'],
      ['EVENT_CONFIG_CHECK_MS', '-5'],
      ['BUNKER_TOLERANCE_WARNING_PCT', 'half'],
      ['MAP_ROAD_URL', 'ftp://tiles.example/{z}/{x}/{y}.png'],
    ])
      expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
