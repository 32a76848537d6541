import { AppstoreOutlined, DownOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { can, type PermissionKey } from '@fleet/shared/permissions.ts';
import { Avatar, Badge, Button, Dropdown, Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { Link, matchPath, useLocation, useNavigate } from 'react-router';
import { useTexts } from '../../api/i18n.ts';
import { Brand } from '../../components/Brand.tsx';
import { applicationOf } from '../../components/selection/applications.ts';
import { type SelectionModal, SelectionModals } from '../../components/selection/SelectionModals.tsx';
import type { MenuName } from '../../routing/screen.ts';
import { useHighEvents } from '../../stores/high-event-badge.ts';
import { useSession } from '../../stores/session.ts';
import { navigationTexts } from './texts.ts';

/** A navigation entry; with `permission`, shown only with read on it (spec 000 §2 "Navigation bar"). */
export interface NavEntry {
  key: string;
  /** in the language in force (app/ translates the screens' labels) */
  label: string;
  path: string;
  permission?: PermissionKey;
  /** paths under `path` that belong to another screen (Asset Event lives at /master/asset/event/:id) */
  notUnder?: string[];
  /** route patterns of screens that belong to this entry though their address lies under another's */
  covers?: string[];
}

/**
 * The entries of each menu, in order: the main navigation per application, the user menu's master-data entries
 * and the entries always shown (before Sign Out). app/ derives them from the screens.
 */
export type Menus = Record<MenuName, NavEntry[]>;

/** The entry covering the current screen, else the one whose path is the longest prefix of the current location. */
export function activeKey(
  entries: Pick<NavEntry, 'key' | 'path' | 'notUnder' | 'covers'>[],
  pathname: string,
): string | undefined {
  const owner = entries.find((e) => e.covers?.some((pattern) => matchPath(pattern, pathname)));
  if (owner) return owner.key;
  let best: (typeof entries)[number] | undefined;
  for (const e of entries) {
    if (e.notUnder?.some((prefix) => pathname.startsWith(prefix))) continue;
    if ((pathname === e.path || pathname.startsWith(`${e.path}/`)) && (!best || e.path.length > best.path.length))
      best = e;
  }
  return best?.key;
}

/**
 * Spec 000 §2 "Navigation bar": the entries of the active application (each gated by its permission),
 * the 'Select App/Company' dropdown and the user menu.
 */
export function NavBar({ menus }: { menus: Menus }) {
  const access = useSession((s) => s.userAccess);
  const activeApp = useSession((s) => s.activeApp);
  const userId = useSession((s) => s.userId);
  const companies = useSession((s) => s.companies);
  const activeCompany = useSession((s) => s.activeCompany);
  const signOut = useSession((s) => s.signOut);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [modal, setModal] = useState<SelectionModal>(null);
  const t = useTexts(navigationTexts);

  const allowed = (e: NavEntry) => !e.permission || can(access, e.permission, 'read');
  const nav = (activeApp === 'bunkering' ? menus.bunkering : menus.fms).filter(allowed);
  const masterEntries = menus.userMaster.filter(allowed);

  const selectItems: MenuProps['items'] = [
    { key: 'app', icon: <AppstoreOutlined aria-hidden />, label: t('selectApplication') },
    // hidden when the user has only one company
    ...(companies.length > 1
      ? [{ key: 'company', icon: <SwapOutlined aria-hidden />, label: t('selectCompany') }]
      : []),
  ];

  const highEvents = useHighEvents((s) => s.count);
  const toItem = (e: NavEntry) => ({
    key: e.key,
    label: (
      <Link to={e.path}>
        {e.label}
        {/* High events pushed since the Event Log was last opened (issue 17) */}
        {e.key === 'EventLog' && highEvents > 0 && (
          <Badge
            count={highEvents}
            size="small"
            className="navbar-badge"
            aria-label={t(highEvents === 1 ? 'newHighEvent' : 'newHighEvents', { n: highEvents })}
          />
        )}
      </Link>
    ),
  });
  const userItems: MenuProps['items'] = [
    {
      key: 'user-id',
      disabled: true,
      className: 'user-menu-id',
      label: (
        <span>
          <span className="user-menu-caption">{t('signedInAs')}</span>
          <br />
          {userId}
          {activeCompany && (
            <>
              <br />
              <span className="user-menu-caption">{activeCompany.compName}</span>
            </>
          )}
        </span>
      ),
    },
    { type: 'divider' },
    ...masterEntries.map(toItem),
    ...(masterEntries.length ? [{ type: 'divider' as const }] : []),
    ...menus.user.map(toItem),
    { type: 'divider' },
    { key: 'sign-out', icon: <LogoutOutlined aria-hidden />, label: t('signOut'), danger: true },
  ];

  const onUserMenu: MenuProps['onClick'] = async ({ key }) => {
    if (key !== 'sign-out') return;
    await signOut();
    navigate('/auth/login');
  };

  return (
    <header className="navbar">
      <Link to={nav[0]?.path ?? '/home'} className="navbar-brand" aria-label={t('home')}>
        <Brand light compact />
        <span className="navbar-app">{applicationOf(activeApp)?.name}</span>
      </Link>
      <nav aria-label={t('main')} className="navbar-menu">
        <Menu
          mode="horizontal"
          theme="dark"
          selectedKeys={[activeKey(nav, pathname) ?? '']}
          items={nav.map(toItem)}
          // entries that do not fit move into a '…' submenu (narrow windows)
          style={{ flex: 1, minWidth: 0 }}
        />
      </nav>
      <div className="navbar-right">
        {activeCompany && (
          <span className="navbar-company" title={t('activeCompany')}>
            {activeCompany.compName}
          </span>
        )}
        <Dropdown
          trigger={['click']}
          menu={{ items: selectItems, onClick: ({ key }) => setModal(key as SelectionModal) }}
        >
          <Button type="text" className="navbar-button">
            {t('selectAppCompany')} <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
        <Dropdown
          trigger={['click']}
          menu={{ items: userItems, onClick: onUserMenu, className: 'user-menu' }}
          placement="bottomRight"
        >
          <Button type="text" className="navbar-button" aria-label={t('userMenuOf', { user: userId ?? '' })}>
            <Avatar size="small" icon={<UserOutlined aria-hidden />} className="navbar-avatar" />
            <span className="navbar-user">{userId}</span>
            <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
      </div>
      <SelectionModals open={modal} onClose={() => setModal(null)} />
    </header>
  );
}
