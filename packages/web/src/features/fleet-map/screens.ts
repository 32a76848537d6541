import { defineScreens } from '../../routing/screen.ts';

export const fleetMapScreens = defineScreens({
  Home: { title: 'Home', page: () => import('./Home.tsx'), menu: { at: { fms: 10 } } },
});
