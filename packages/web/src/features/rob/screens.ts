import { defineScreens } from '../../routing/screen.ts';

export const robScreens = defineScreens({
  RemainOnBoard: {
    title: 'Remain On Board',
    permission: 'master_rob_rob',
    page: () => import('./RemainOnBoard.tsx'),
    menu: { at: { bunkering: 30 } },
  },
});
