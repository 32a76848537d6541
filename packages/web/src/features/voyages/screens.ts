import { defineScreens } from '../../routing/screen.ts';

export const voyagesScreens = defineScreens({
  Voyages: {
    title: 'Voyages',
    permission: 'voyages',
    page: () => import('./Voyages.tsx'),
    menu: { at: { fms: 92 } },
  },
});
