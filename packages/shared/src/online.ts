/** docs/domain.md §19 (spec 002 §9): how old a vessel's last GPS fix may be for it to count as online, seconds. */
export const ONLINE_SECONDS = 600;

/**
 * docs/domain.md §19: online while the last fix (epoch seconds, null: none) is under ONLINE_SECONDS old at `now`.
 * The one rule: the summary's `dataStatus`, the pulse rows' `online` and the web's clock (a vessel goes offline
 * between refreshes) all call it.
 */
export function isOnline(lastTs: number | null, now: number): boolean {
  return lastTs !== null && now - lastTs < ONLINE_SECONDS;
}
