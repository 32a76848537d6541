import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { configureClient } from '../api/client.ts';
import { bindToast } from '../api/toast.ts';
import { routes } from './routes.tsx';
import { theme } from './theme.ts';

const router = createBrowserRouter(routes);
configureClient({ navigate: (path) => void router.navigate(path) });

export const queryClient = new QueryClient({
  defaultOptions: {
    // the client already told the user about a failure; a retry would only repeat the toast
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/** Lets the API client toast through antd's <App> context (theme, stacking). */
function ToastBinder() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    bindToast(message);
    return () => bindToast(null);
  }, [message]);
  return null;
}

export function App() {
  return (
    <ConfigProvider theme={theme}>
      <AntApp>
        <ToastBinder />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
