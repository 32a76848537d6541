import { defineScreens } from '../../routing/screen.ts';

/** Sign-in, first-run setup and password pages (auth area), and the page a missing permission leads to. */
export const authScreens = defineScreens({
  Login: { title: 'Sign In', page: () => import('./Login.tsx') },
  Setup: { title: 'Set Up', page: () => import('./Setup.tsx') },
  ForgotPassword: { title: 'Forgot Password', page: () => import('./ForgotPassword.tsx') },
  UpdatePassword: { title: 'Update Password', page: () => import('./UpdatePassword.tsx') },
  Forbidden: { title: 'Forbidden', page: () => import('./Forbidden.tsx') },
});
