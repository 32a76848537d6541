import { defineScreens } from '../../routing/screen.ts';

export const emissionsScreens = defineScreens({
  Emissions: {
    title: 'Emissions',
    permission: 'emissions',
    page: () => import('./Emissions.tsx'),
    // after the spec's entries: shown under '…' where the bar is too narrow, as the screens issue 28 added
    menu: { at: { fms: 95 } },
  },
});
