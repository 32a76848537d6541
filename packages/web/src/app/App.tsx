import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { configureClient } from '../api/client.ts';
import { routes } from './routes.tsx';
import { theme } from './theme.ts';

const router = createBrowserRouter(routes);
// toasts (antd's static message, used by the API client) follow the theme too
ConfigProvider.config({ holderRender: (children) => <ConfigProvider theme={theme}>{children}</ConfigProvider> });
configureClient({ navigate: (path) => void router.navigate(path) });

export const queryClient = new QueryClient({
  defaultOptions: {
    // the client already told the user about a failure; a retry would only repeat the toast
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

export function App() {
  return (
    <ConfigProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
