import { defineScreens } from '../../routing/screen.ts';

export const dashboardScreens = defineScreens({
  FmsDashboard: { title: 'Dashboard', page: () => import('./FmsDashboard.tsx'), menu: { at: { fms: 20 } } },
  // after the spec's entries (issue 28: it was reached by address only)
  Widgets: { title: 'Widgets', page: () => import('./Widgets.tsx'), menu: { at: { fms: 80 } } },
});
