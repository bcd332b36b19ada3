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
import { keepTypedInput } from './lib/firstScreen';
import { readRoomChoice } from './lib/roomChoice';
import { whenIdle } from './lib/whenIdle';
import { timings } from './config/constants';

watchForStaleCode();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
keepTypedInput(container);

// Every page shows the shared event, or the room the phone joined: its read goes out while the
// app's code starts, as soon as its own code (Firestore Lite) has been evaluated, in the next task.
const choice = readRoomChoice(window.location, () => window.localStorage, Date.now());
import('./db/sharedEvent').then(({ startSharedEventRead }) => startSharedEventRead(choice)).catch(() => undefined);

// After the page's load event (it may have come before this script ran: the page requests the
// app's code once its first screen has painted), once the browser is idle: its code, and the
// toasts' it brings, are no part of the start-up.
function registerServiceWorker() {
  import('./components/UpdatePrompt')
    .then((prompt) => prompt.registerServiceWorker())
    .catch((error: unknown) =>
      console.warn('The service worker could not be registered: the app works, but will not open offline.', error),
    );
}
const registerWhenIdle = () => whenIdle(registerServiceWorker, timings.backgroundStartMaxMs);
if (document.readyState === 'complete') registerWhenIdle();
else window.addEventListener('load', registerWhenIdle, { once: true });

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

await nextTask();
// MUI's styling core and the app's theme (two themes to compute) before the frame's components.
await loadCode(() => import('./app/theme'));
await nextTask();
const { createRouter, routeReady } = await loadCode(() => import('./app/router'));
// The router starts loading the route's own code (evaluated as it arrives) in a task of its own.
await nextTask();
const router = createRouter();
await nextTask();
const [{ renderApp }] = await Promise.all([loadCode(() => import('./app/renderApp')), routeReady(router)]);
await nextTask();
renderApp(container, router);
staleCodeAppStarted();
