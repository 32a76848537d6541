import { defineScreens } from '../../routing/screen.ts';

export const reportScreens = defineScreens({
  // the exported summary opens without a session and prints without the sign-in frame
  ReportExport: { title: 'Report Summary', bare: true, page: () => import('./ReportExport.tsx') },
  FmsVoyageReport: { title: 'Voyage Report', page: () => import('./FmsVoyageReport.tsx') },
  FmsReport: { title: 'Daily Report', page: () => import('./FmsReport.tsx') },
  ReportWrapper: { title: 'Report', page: () => import('./ReportWrapper.tsx'), menu: { at: { fms: 30 } } },
});
