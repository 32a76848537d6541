import { defineScreens } from '../../routing/screen.ts';

export const reportLinkScreens = defineScreens({
  // the exported summary opens without a session and prints without the sign-in frame
  ReportExport: { title: 'Report Summary', bare: true, page: () => import('./ReportLinkPage.tsx') },
});
