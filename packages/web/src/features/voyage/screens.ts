import { defineScreens } from '../../routing/screen.ts';

export const voyageScreens = defineScreens({
  FmsVoyageReport: { title: 'Voyage Report', page: () => import('./VoyageReport.tsx') },
});
