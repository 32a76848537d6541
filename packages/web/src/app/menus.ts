import { useMemo } from 'react';
import { useTexts } from '../api/i18n.ts';
import type { Menus, NavEntry } from '../features/navigation/NavBar.tsx';
import { routeNames, SCREEN_PATHS, type ScreenName } from '../routing/route-names.ts';
import type { MenuName, ScreenPermission } from '../routing/screen.ts';
import { useSession } from '../stores/session.ts';
import { mayRead } from './route-handle.ts';
import { screens } from './screens.ts';
import { type MenuLabelKey, menuLabelKey, screenTexts } from './titles/texts.ts';

/**
 * A menu entry with the key of its label (app/texts.ts), translated when the menus are shown, and its screen's
 * permission (a list — read on one of them — is checked here, the navigation bar checks a single one).
 */
type MenuItem = Omit<NavEntry, 'label' | 'permission'> & {
  labelKey: ScreenName | MenuLabelKey;
  permission?: ScreenPermission;
};

/** The part of a screen's pattern before its first parameter: '/master/asset/event/:id' → '/master/asset/event/'. */
const prefixOf = (name: ScreenName) => SCREEN_PATHS[name].split(':')[0];

/** One menu: the screens that have a place in it, in order; each entry gated by its screen's permission. */
function menu(name: MenuName): MenuItem[] {
  return (Object.entries(screens) as [ScreenName, (typeof screens)[ScreenName]][])
    .flatMap(([key, s]) => {
      const at = s.menu?.at[name];
      return at === undefined ? [] : [{ key, at, screen: s, menu: s.menu! }];
    })
    .sort((a, b) => a.at - b.at)
    .map(({ key, screen, menu }) => ({
      key,
      labelKey: menuLabelKey(key),
      // menu screens take no required parameter (screens.test.ts)
      path: (routeNames[key] as () => string)(),
      permission: screen.permission,
      notUnder: menu.notUnder?.map(prefixOf),
      covers: menu.covers?.map((name) => SCREEN_PATHS[name]),
    }));
}

/**
 * The navigation bar's menus, from the screens' menu entries: the main navigation per application, the user
 * menu's master-data entries (each gated by read on its resource) and the entries always shown (spec 000 §6: no
 * permission check) before Sign Out. Labels are keys here, translated by `useMenus`.
 */
export const MENU_ITEMS: Record<MenuName, MenuItem[]> = {
  fms: menu('fms'),
  bunkering: menu('bunkering'),
  userMaster: menu('userMaster'),
  user: menu('user'),
};

/**
 * The menus with their labels in the language in force (built again when it changes); an entry whose screen needs
 * read on one of several permissions is left out here when the user holds none of them.
 */
export function useMenus(): Menus {
  const t = useTexts(screenTexts);
  const access = useSession((s) => s.userAccess);
  return useMemo(() => {
    const label = (items: MenuItem[]): NavEntry[] =>
      items
        .filter((item) => typeof item.permission === 'string' || mayRead(access, item.permission))
        .map(({ labelKey, permission, ...entry }) => ({
          ...entry,
          permission: typeof permission === 'string' ? permission : undefined,
          label: t(labelKey),
        }));
    return {
      fms: label(MENU_ITEMS.fms),
      bunkering: label(MENU_ITEMS.bunkering),
      userMaster: label(MENU_ITEMS.userMaster),
      user: label(MENU_ITEMS.user),
    };
  }, [t, access]);
}
