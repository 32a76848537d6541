import './session-effects.ts';
import { Outlet } from 'react-router';
import { useLanguage } from '../api/i18n.ts';
import { Brand } from '../components/Brand.tsx';
import { AntdProvider } from '../theme/AntdProvider.tsx';

/** Full-page company and application selection, on the sea-blue backdrop of the sign-in pages. */
export function PreferenceLayout() {
  const language = useLanguage();
  return (
    <AntdProvider language={language}>
      <main className="backdrop backdrop-static">
        <div className="backdrop-content">
          <Brand light />
          <Outlet />
        </div>
      </main>
    </AntdProvider>
  );
}
