import { defineScreens } from '../../routing/screen.ts';

export const profileScreens = defineScreens({
  Profile: { title: 'Profile', page: () => import('./Profile.tsx'), menu: { at: { user: 30 } } },
});
