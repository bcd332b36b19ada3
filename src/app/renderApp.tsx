// Renders the app into the page's #root, over the build-time first screen (src/main.tsx).

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppTree } from './App';
import type { createRouter } from './router';

export function renderApp(container: HTMLElement, router: ReturnType<typeof createRouter>): void {
  // A transition lets React render in short slices, so a phone's main thread never stays busy long
  // enough to hold up a tap or a paint.
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <AppTree router={router} />
      </StrictMode>,
    );
  });
}
