// The browser entry point: starts reading the shared event, then renders the app over the
// build-time first screen (src/lib/firstScreen.ts; React's first commit replaces what the
// container holds) once the current route's code is in, so the page goes from that screen
// straight to the live one with no spinner between; and registers the service worker once the
// page has loaded (its code is not part of the first load; see src/components/UpdatePrompt.tsx).
//
// The start-up runs in stages, each in a task of its own (the page's HTML preloads every stage's
// code, scripts/firstScreens.ts): the read's request goes out first, and no single task holds a
// phone's main thread for all of the app's code at once. Code that fails to load (a page from
// before a deployment) reloads the page once (src/app/staleCode.ts).

import { loadCode, staleCodeAppStarted, watchForStaleCode } from './app/staleCode';
import { startSharedEventRead } from './db/sharedEvent';
import { keepTypedInput } from './lib/firstScreen';
import { readRoomChoice } from './lib/roomChoice';

watchForStaleCode();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
keepTypedInput(container);

// Every page shows the shared event, or the room the phone joined: its read goes out while the app's code starts.
startSharedEventRead(readRoomChoice(window.location, () => window.localStorage, Date.now())).catch(() => undefined);

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

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

await nextTask();
const { createRouter, routeReady } = await loadCode(() => import('./app/router'));
const router = createRouter();
await nextTask();
const [{ renderApp }] = await Promise.all([loadCode(() => import('./app/renderApp')), routeReady(router)]);
renderApp(container, router);
staleCodeAppStarted();
