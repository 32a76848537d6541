import { can } from '@fleet/shared/permissions.ts';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';
import { toast } from '../../api/toast.ts';
import { routeNames } from '../../app/route-names.ts';
import { useSession } from '../../stores/session.ts';
import { type LiveEvent, useLiveSocket } from '../fleet-map/live-socket.ts';

/** The toast of a High event pushed live (issue 17). */
export const highEventText = (e: Pick<LiveEvent, 'eventName' | 'massName'>) =>
  `High priority event: ${e.eventName} on ${e.massName}`;

/** High events pushed since the user last opened the Event Log: the navigation bar's badge. */
export const useHighEvents = create<{ count: number; add: () => void; clear: () => void }>()((set) => ({
  count: 0,
  add: () => set((s) => ({ count: s.count + 1 })),
  clear: () => set({ count: 0 }),
}));

/** Listens for High events of the visible vessels (signed-in shell; only with Event Log access). */
export function HighEventAlerts() {
  const access = useSession((s) => s.userAccess);
  if (!can(access, 'log_event_event', 'read')) return null;
  return <HighEventSocket />;
}

function HighEventSocket() {
  const { pathname } = useLocation();
  const onLog = pathname.startsWith(routeNames.EventLog());
  const { add, clear } = useHighEvents();
  useEffect(() => {
    if (onLog) clear();
  }, [onLog, clear]);
  useLiveSocket(() => {}, undefined, {
    eventsOnly: true,
    onEvent: (e) => {
      toast.warning(highEventText(e));
      if (!window.location.pathname.startsWith(routeNames.EventLog())) add();
    },
  });
  return null;
}
