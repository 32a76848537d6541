import { defineScreens } from '../../routing/screen.ts';

export const datalogScreens = defineScreens({
  FmsDatalog: { title: 'Datalog', page: () => import('./FmsDatalog.tsx') },
});
