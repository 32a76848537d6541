import { defineScreens } from '../../routing/screen.ts';

export const emissionsScreens = defineScreens({
  Emissions: {
    title: 'Emissions',
    permission: 'emissions',
    page: () => import('./Emissions.tsx'),
    menu: { at: { fms: 45 } },
  },
});
