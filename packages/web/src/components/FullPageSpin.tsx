/** Centered spinner while the session or a screen's code loads (plain CSS: shown before antd is loaded). */
export function FullPageSpin({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="full-page-spin" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
