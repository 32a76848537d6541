import { useTexts } from '../api/i18n.ts';
import { componentsTexts } from './texts.ts';

/** Centered spinner while the session or a screen's code loads (plain CSS: shown before antd is loaded). */
export function FullPageSpin({ label }: { label?: string }) {
  const t = useTexts(componentsTexts);
  return (
    <div className="full-page-spin" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </div>
  );
}
