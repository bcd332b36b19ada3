// The browser entry point: renders the app over the build-time first screen (src/lib/firstScreen.ts;
// React's first commit replaces what the container holds) once the current route's code is in, so
// the page goes from that screen straight to the live one with no spinner between; and registers
// the service worker once the page has loaded (its code is not part of the first load; see
// src/components/UpdatePrompt.tsx).

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppTree } from './app/App';
import { createRouter, routeReady } from './app/router';
import { keepTypedInput } from './lib/firstScreen';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// After the page's load event (it may have come before this script ran: the page requests the
// app's code once its first screen has painted).
function registerServiceWorker() {
  import('./components/UpdatePrompt')
    .then((prompt) => prompt.registerServiceWorker())
    .catch((error: unknown) =>
      console.warn('The service worker could not be registered: the app works, but will not open offline.', error),
    );
}
if (document.readyState === 'complete') registerServiceWorker();
else window.addEventListener('load', registerServiceWorker, { once: true });

const router = createRouter();
await routeReady(router);
keepTypedInput(container);
// A transition lets React render in short slices, so a phone's main thread never stays busy long
// enough to hold up a tap or a paint.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <AppTree router={router} />
    </StrictMode>,
  );
});
