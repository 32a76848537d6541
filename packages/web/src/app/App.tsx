import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { configureClient } from '../api/client.ts';
import { setPendingNavigation } from '../routing/pending-navigation.ts';
import { routes } from './routes.tsx';

const router = createBrowserRouter(routes);
configureClient({ navigate: (path) => void router.navigate(path) });
router.subscribe((s) => setPendingNavigation(s.navigation.state === 'idle' ? null : s.navigation.location.pathname));

export const queryClient = new QueryClient({
  defaultOptions: {
    // the client already told the user about a failure; a retry would only repeat the toast
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
