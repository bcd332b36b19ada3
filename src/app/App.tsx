// The app: shared UI providers, the current user and the shared event, around the router.

import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { PresentersProvider } from '../contexts/PresentersContext';
import { UserProvider } from '../contexts/UserContext';
import { AppProviders } from './AppProviders';

/** Everything around the routes: the browser's router in the app (src/main.tsx), an in-memory one in tests. */
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
