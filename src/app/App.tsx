// The app: shared UI providers, the current user and the shared event, around the router.

import { useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { PresentersProvider } from '../contexts/PresentersContext';
import { UserProvider } from '../contexts/UserContext';
import { AppProviders } from './AppProviders';
import { createRouter } from './router';

export function App() {
  const [router] = useState(createRouter);
  return <AppTree router={router} />;
}

/** Everything around the routes; tests render it with an in-memory router. */
export function AppTree({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <AppProviders>
      <UserProvider>
        <PresentersProvider>
          <RouterProvider router={router} />
        </PresentersProvider>
      </UserProvider>
    </AppProviders>
  );
}
