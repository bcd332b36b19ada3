// The browser entry point: mounts the app, then registers the service worker once the page has
// loaded (its code is not part of the first load; see src/components/UpdatePrompt.tsx).

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

window.addEventListener(
  'load',
  () => {
    import('./components/UpdatePrompt')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .catch((error: unknown) =>
        console.warn('The service worker could not be registered: the app works, but will not open offline.', error),
      );
  },
  { once: true },
);
