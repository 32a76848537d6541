import { Spin } from 'antd';

/** Centered spinner while the session or a screen's code loads. */
export function FullPageSpin({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="full-page-spin" role="status" aria-live="polite">
      <Spin size="large" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
