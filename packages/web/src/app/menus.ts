import type { Menus, NavEntry } from '../features/navigation/NavBar.tsx';
import { routeNames, SCREEN_PATHS, type ScreenName } from '../routing/route-names.ts';
import type { MenuName } from '../routing/screen.ts';
import { screens } from './screens.ts';

/** The part of a screen's pattern before its first parameter: '/master/asset/event/:id' → '/master/asset/event/'. */
const prefixOf = (name: ScreenName) => SCREEN_PATHS[name].split(':')[0];

/** One menu: the screens that have a place in it, in order; each entry gated by its screen's permission. */
function menu(name: MenuName): NavEntry[] {
  return (Object.entries(screens) as [ScreenName, (typeof screens)[ScreenName]][])
    .flatMap(([key, s]) => {
      const at = s.menu?.at[name];
      return at === undefined ? [] : [{ key, at, screen: s, menu: s.menu! }];
    })
    .sort((a, b) => a.at - b.at)
    .map(({ key, screen, menu }) => ({
      key,
      label: menu.label ?? screen.title,
      // menu screens take no required parameter (screens.test.ts)
      path: (routeNames[key] as () => string)(),
      permission: screen.permission,
      notUnder: menu.notUnder?.map(prefixOf),
    }));
}

/**
 * The navigation bar's menus, from the screens' menu entries: the main navigation per application, the user
 * menu's master-data entries (each gated by read on its resource) and the entries always shown (spec 000 §6: no
 * permission check) before Sign Out.
 */
export const MENUS: Menus = {
  fms: menu('fms'),
  bunkering: menu('bunkering'),
  userMaster: menu('userMaster'),
  user: menu('user'),
};
