import { defineScreens } from '../../routing/screen.ts';

export const dailyReportScreens = defineScreens({
  FmsReport: { title: 'Daily Report', page: () => import('./FmsReport.tsx') },
});
