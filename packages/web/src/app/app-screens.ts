import { defineScreens } from '../routing/screen.ts';

/** Screens of the app itself: the report page's tabs come from five features, so it belongs to none of them. */
export const appScreens = defineScreens({
  ReportWrapper: { title: 'Report', page: () => import('./ReportWrapper.tsx'), menu: { at: { fms: 30 } } },
});
