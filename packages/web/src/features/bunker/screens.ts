import { defineScreens } from '../../routing/screen.ts';

export const bunkerScreens = defineScreens({
  BunkerDashboard: {
    title: 'Bunker Dashboard',
    permission: 'master_bunker_log',
    page: () => import('./BunkerDashboard.tsx'),
    menu: { at: { bunkering: 10 }, label: 'Home' },
  },
  BunkeringLog: {
    title: 'Bunkering Log',
    permission: 'master_bunker_log',
    page: () => import('./BunkeringLog.tsx'),
    menu: { at: { bunkering: 20 }, label: 'Bunker Log' },
  },
});
