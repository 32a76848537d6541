import { defineScreens } from '../../routing/screen.ts';

export const eventLogScreens = defineScreens({
  EventLog: {
    title: 'Event Log',
    permission: 'log_event_event',
    page: () => import('./EventLog.tsx'),
    menu: { at: { fms: 50 } },
  },
});
