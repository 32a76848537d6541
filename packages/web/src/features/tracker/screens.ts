import { defineScreens } from '../../routing/screen.ts';

export const trackerScreens = defineScreens({
  TeltonikaMap: { title: 'Teltonika Map', permission: 'teltonika_map', page: () => import('./TeltonikaMap.tsx') },
});
