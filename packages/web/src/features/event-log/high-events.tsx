import type { LiveEvent } from '@fleet/shared/answers/live.ts';
import { can } from '@fleet/shared/permissions.ts';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { text } from '../../api/i18n.ts';
import { useLiveSocket } from '../../api/live-socket.ts';
import { toast } from '../../api/toast.ts';
import { routeNames } from '../../routing/route-names.ts';
import { eventLogOpened, highEventReceived, joinHighEventBadge } from '../../stores/high-event-badge.ts';
import { useSession } from '../../stores/session.ts';
import { eventLogTexts } from './texts.ts';

/** The toast of a High event pushed live (issue 17), in the language in force. */
export const highEventText = (e: Pick<LiveEvent, 'eventName' | 'massName'>) =>
  text(eventLogTexts, 'highEvent', { event: e.eventName, vessel: e.massName });

/** Listens for High events of the visible vessels (signed-in shell; only with Event Log access). */
export function HighEventAlerts() {
  const access = useSession((s) => s.userAccess);
  if (!can(access, 'log_event_event', 'read')) return null;
  return <HighEventSocket />;
}

function HighEventSocket() {
  const userId = useSession((s) => s.userId) ?? '';
  const { pathname } = useLocation();
  const onLog = pathname.startsWith(routeNames.EventLog());
  // the badge is shared with the other tabs of this browser signed in as the same user (high-event-badge.ts)
  useEffect(() => joinHighEventBadge(userId), [userId]);
  useEffect(() => {
    if (onLog) eventLogOpened();
  }, [onLog]);
  useLiveSocket(() => {}, undefined, {
    eventsOnly: true,
    onEvent: (e) => {
      toast.warning(highEventText(e));
      highEventReceived(e, window.location.pathname.startsWith(routeNames.EventLog()));
    },
  });
  return null;
}
