import { defineScreens } from '../../routing/screen.ts';

/** The preference area: the company and application chosen on the way in. */
export const selectionScreens = defineScreens({
  CompanyActiveSelection: { title: 'Select Company', page: () => import('./CompanySelectionPage.tsx') },
  AppActiveSelection: { title: 'Select Application', page: () => import('./AppSelectionPage.tsx') },
});
