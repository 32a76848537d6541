import { defineScreens } from '../../routing/screen.ts';

export const customChartScreens = defineScreens({
  CustomChart: { title: 'Custom Chart', page: () => import('./CustomChart.tsx') },
});
