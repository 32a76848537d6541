/**
 * Tab stays inside an open dialog (issue 27). antd's modal brings focus back only when it lands elsewhere on the
 * page; Tab from a dialog's last control leaves the document (the dialog is the page's last element), where no
 * focus event brings it back. This wraps Tab from the last tabbable control to the first, Shift+Tab from the first
 * to the last, in antd modals and our own `role="dialog"` popups. Installed once for the window (AntdProvider).
 */
const DIALOG = '[role="dialog"], .ant-modal-wrap';
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** The controls of `root` that Tab visits, in document order. */
function tabbables(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) =>
      el.tabIndex >= 0 &&
      !el.closest('[hidden], [inert], [aria-hidden="true"]') &&
      el.getClientRects().length > 0 &&
      getComputedStyle(el).visibility !== 'hidden',
  );
}

function wrapTab(e: KeyboardEvent) {
  if (e.key !== 'Tab' || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
  const active = document.activeElement;
  const dialog = active?.closest(DIALOG);
  if (!dialog) return;
  const list = tabbables(dialog);
  if (!list.length) return;
  const first = list[0];
  const last = list[list.length - 1];
  const at = list.indexOf(active as HTMLElement);
  if (!e.shiftKey && at === list.length - 1) {
    e.preventDefault();
    first.focus();
  } else if (e.shiftKey && at <= 0) {
    // from the first control, or from the dialog's own box (focused when it opened)
    e.preventDefault();
    last.focus();
  }
}

let installed = false;
export function installDialogTabWrap() {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('keydown', wrapTab, true);
}
