import { defineScreens } from '../../routing/screen.ts';

export const weatherScreens = defineScreens({
  Weather: { title: 'Weather', permission: 'weather', page: () => import('./Weather.tsx'), menu: { at: { fms: 40 } } },
});
