import { defineScreens } from '../../routing/screen.ts';

export const trackerScreens = defineScreens({
  // after the spec's entries, with read on teltonika_map (issue 28: it was reached by address only)
  TeltonikaMap: {
    title: 'Teltonika Map',
    permission: 'teltonika_map',
    page: () => import('./TeltonikaMap.tsx'),
    menu: { at: { fms: 100 } },
  },
});
