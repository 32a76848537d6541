import type { PermissionKey } from '@fleet/shared/permissions.ts';
import type { ComponentType } from 'react';
import type { ScreenName } from './route-names.ts';

/** A page module: its default export is the screen. */
export type PageModule = { default: ComponentType };

/** The menus a screen can appear in: the main navigation per application, and the user menu's two parts. */
export type MenuName = 'fms' | 'bunkering' | 'userMaster' | 'user';

/** Read on this permission is needed; a list: read on one of them (the audit trail: any master resource). */
export type ScreenPermission = PermissionKey | readonly PermissionKey[];

/** A screen's entry in the menus: gated by the screen's permission (spec 000 §2 "Navigation bar"). */
export interface MenuEntry {
  /** the entry's position in each menu it appears in (lower first) */
  at: Partial<Record<MenuName, number>>;
  /** default: the screen's title */
  label?: string;
  /** screens under this one's path that are not part of it (Asset Event lives at /master/asset/event/:id) */
  notUnder?: ScreenName[];
  /** screens that belong to this entry though their address lies under another's (Asset Device, /master/device/:id) */
  covers?: ScreenName[];
}

/** What is shown at a screen's address (`SCREEN_PATHS`): declared once, in its feature's `screens.ts`. */
export interface Screen {
  /** the document title (and the route's handle) */
  title: string;
  /** read on it (a list: on one of them) is needed, else /401 */
  permission?: ScreenPermission;
  /** the page, loaded on the first visit */
  page: () => Promise<PageModule>;
  menu?: MenuEntry;
  /** outside its area's layout (the report export prints without the sign-in frame) */
  bare?: true;
}

/**
 * A feature's screens, by name (a name of SCREEN_PATHS, no other); keeps the exact names so that app/ can check
 * that every address has its screen.
 */
export const defineScreens = <S extends Partial<Record<ScreenName, Screen>>>(
  screens: S & Record<Exclude<keyof S, ScreenName>, never>,
): S => screens;
