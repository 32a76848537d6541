/**
 * Toasts usable outside React (the API client). antd's message is loaded on the first toast, so pages that
 * never toast (the sign-in page) do not download it.
 */
type Kind = 'error' | 'success' | 'info' | 'warning';
const show = (kind: Kind, text: string) => {
  void import('./toast-antd.ts').then(({ message }) => message[kind](text));
};

/** success toasts are held back (the session ended: the user is on the way to sign in, api/client.ts) */
let successHeld = false;
export function holdSuccessToasts(held: boolean) {
  successHeld = held;
}

export const toast = {
  error: (text: string) => show('error', text),
  success: (text: string) => {
    if (!successHeld) show('success', text);
  },
  info: (text: string) => show('info', text),
  warning: (text: string) => show('warning', text),
};

/**
 * A Refresh's `.then`: says `text` only when every refetch came back without an error — a failed one has already
 * said why (api/client.ts), and 'Refreshed' beside it would contradict it (issue 28).
 */
export const toastRefreshed =
  (text: string) =>
  (results: { error?: unknown } | { error?: unknown }[]): void => {
    if (!(Array.isArray(results) ? results : [results]).some((r) => r.error)) toast.success(text);
  };
