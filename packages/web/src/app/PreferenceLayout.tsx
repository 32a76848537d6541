import { Outlet } from 'react-router';
import { Brand } from '../components/Brand.tsx';
import { AntdProvider } from '../theme/AntdProvider.tsx';

/** Full-page company and application selection, on the sea-blue backdrop of the sign-in pages. */
export function PreferenceLayout() {
  return (
    <AntdProvider>
      <main className="backdrop backdrop-static">
        <div className="backdrop-content">
          <Brand light />
          <Outlet />
        </div>
      </main>
    </AntdProvider>
  );
}
