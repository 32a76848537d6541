import { defineScreens } from '../../routing/screen.ts';

export const webhookScreens = defineScreens({
  Webhooks: {
    // issue 31: what this company's integrations receive, and whether they took it
    title: 'Webhooks',
    permission: 'webhook',
    page: () => import('./Webhooks.tsx'),
    menu: { at: { userMaster: 160 } },
  },
});
