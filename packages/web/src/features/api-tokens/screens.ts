import { defineScreens } from '../../routing/screen.ts';

export const apiTokenScreens = defineScreens({
  ApiTokens: {
    // issue 31: tokens of integrations — create (secret shown once), list with last use, revoke
    title: 'API Tokens',
    permission: 'api_token',
    page: () => import('./ApiTokens.tsx'),
    menu: { at: { userMaster: 160 } },
  },
});
