import { defineScreens } from '../../routing/screen.ts';

export const customChartScreens = defineScreens({
  // after the spec's entries (issue 28: it was reached by address only)
  CustomChart: { title: 'Custom Chart', page: () => import('./CustomChart.tsx'), menu: { at: { fms: 90 } } },
});
