import { defineScreens } from '../../routing/screen.ts';

export const dashboardScreens = defineScreens({
  FmsDashboard: { title: 'Dashboard', page: () => import('./FmsDashboard.tsx'), menu: { at: { fms: 20 } } },
  Widgets: { title: 'Widgets', page: () => import('./Widgets.tsx') },
});
