import { describe, expect, it } from 'vitest';
import type { ResourceListPage } from '../components/resource/resource-screen.tsx';
import { routeNames, SCREEN_PATHS, type ScreenName } from '../routing/route-names.ts';
import { FEATURE_SCREENS, screens } from './screens.ts';

describe('screen registry', () => {
  it('declares each screen once, in one feature', () => {
    const names = FEATURE_SCREENS.flatMap((s) => Object.keys(s));
    expect(names.length).toBe(new Set(names).size);
    expect(new Set(names)).toEqual(new Set(Object.keys(SCREEN_PATHS)));
  });

  it('puts in the menus only screens whose address takes no parameter', () => {
    for (const [name, s] of Object.entries(screens))
      if (s.menu) expect(SCREEN_PATHS[name as ScreenName], name).not.toMatch(/:\w+(\/|$)/);
  });

  it('gates a generated master list by its definition’s permission', async () => {
    const generated = Object.entries(screens).filter(([, s]) => 'definition' in s.page);
    expect(generated.length).toBeGreaterThan(0);
    for (const [name, s] of generated) {
      const def = await (s.page as ResourceListPage).definition();
      expect(s.permission, name).toBe(def.permission);
    }
  });

  it('builds paths from the patterns: parameters encoded, an optional one dropped when blank, queries', () => {
    expect(routeNames.CompanyDetail(12)).toBe('/master/company/detail/12');
    expect(routeNames.UserDetail('a@b.c')).toBe('/master/user/a%40b.c');
    expect(routeNames.UpdatePassword('e/t', 'x y')).toBe('/auth/update-password/e%2Ft/x%20y');
    expect(routeNames.MasterConfigEvent()).toBe('/master/config/event');
    expect(routeNames.MasterConfigEvent('')).toBe('/master/config/event');
    expect(routeNames.MasterConfigEvent(4)).toBe('/master/config/event/4');
    expect(routeNames.FmsReport({ massId: 3, date: '2024-01-01' })).toBe('/report/fms?massId=3&date=2024-01-01');
    expect(routeNames.FmsReport()).toBe('/report/fms');
    expect(routeNames.ReportWrapper('Datalog')).toBe('/report?menu=Datalog');
    expect(routeNames.AssetAnalytics(9)).toBe('/master/asset/detail/9?tab=analysis');
  });
});
