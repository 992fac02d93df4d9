import './lib/strict-csp';
import './styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AuthProvider } from './auth/AuthProvider';
import i18n, { initI18n } from './i18n';
import { registerOffline } from './offline/registerOffline';
import { router } from './routes';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

registerOffline();
// Answers carry words in the page's language (unnamed rides are "Salida matinal" or "Morning Ride"):
// a language switch asks again.
i18n.on('languageChanged', () => void queryClient.invalidateQueries());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first paint waits for one thing: the texts of the rider's language (one small chunk).
void initI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
});
