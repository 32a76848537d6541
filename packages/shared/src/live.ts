/** A High priority event that opened on a visible vessel (issue 17), as the live socket pushes it: `{type:'event', event}`. */
export interface LiveEvent {
  massId: number;
  massName: string;
  gatewayUid: string;
  mevtId: number;
  eventName: string;
  timestamp: number;
}

/**
 * Close codes of the live socket (`/api/socket`) that the web client acts on; 4000–4999 are the application's own
 * (RFC 6455 §7.4.2). docs/operations.md "Live push limits".
 */
export const LIVE_CLOSE = {
  /** the session ended (signed out, idle, user deactivated): a new ticket is refused */
  sessionEnded: 4000,
  /** the client stayed behind (its send buffer passed the budget): reconnect with a fresh ticket and resync from the pulse */
  resync: 4001,
  /** a newer socket of the same session or user took this one's place (caps): reconnect when the page is looked at again */
  replaced: 4002,
} as const;
