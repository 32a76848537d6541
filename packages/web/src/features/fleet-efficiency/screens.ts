import { defineScreens } from '../../routing/screen.ts';

export const fleetEfficiencyScreens = defineScreens({
  // issue 30: with read on fleet_efficiency, after Report
  FleetEfficiency: {
    title: 'Fleet Efficiency',
    permission: 'fleet_efficiency',
    page: () => import('./FleetEfficiency.tsx'),
    menu: { at: { fms: 93 } },
  },
});
