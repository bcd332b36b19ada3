// The built app as Firebase Hosting serves it (firebase-tools' Hosting emulator with firebase.json,
// scripts/hosting/), in Debian's Chromium: every app route answers 200 with its page and every
// missing file 404 (never index.html, which a phone would take for the JavaScript it asked for);
// every response carries the security headers; no source map is served; opening each page and
// letting the app start raises no Content-Security-Policy violation, and the policy's reports do
// reach whoever collects them.

import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { routePatterns } from '../../src/config/paths';
import { securityHeaders } from '../../scripts/hosting/headers';
import { startHostingEmulator } from '../../scripts/hosting/emulator';
import { storedEvent } from '../db/appDb';
import { collectCspReports, openPhone, useBuiltApp } from '../support/builtApp';
import { authEmulator, firestoreEmulator, storageEmulator, uniqueProjectId } from '../support/emulators';
import { PAGE_WAIT_MS } from '../support/browser';

const projectId = uniqueProjectId('e2e-hosting');
const bed = useBuiltApp(projectId);

beforeAll(async () => {
  await bed()
    .admin.db.doc('events/medtech')
    .set(storedEvent({ title: 'Med-Tech Pitch Session', open: true, presenterIndex: 0 }));
});

const origin = () => bed().app.url.replace(/\/$/, '');

/** A path for each of the app's routes, its parameters filled in. */
const SAMPLE_PARAMS: Record<string, string> = { presenterId: 'p-ada', id: 'm1', eventId: 'medtech', code: 'k7mqx' };
const routePaths = Object.values(routePatterns).map((pattern) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? name),
);

/** The routes a visitor opens first, and what each shows once the app has started. */
const PAGES: { path: string; shows: RegExp }[] = [
  { path: '/', shows: /Please complete your profile/ },
  { path: '/presenters', shows: /Provider Profile/ },
  { path: '/join/k7mqx', shows: /Provider Profile/ },
  { path: '/profile', shows: /Provider Profile/ },
  { path: '/results', shows: /Session Results/ },
  { path: '/events', shows: /Admin Portal/ },
  { path: '/events/medtech/screen', shows: /Med-Tech Pitch Session/ },
];

const expectedHeaders = () =>
  securityHeaders({
    kind: 'local',
    backend: {
      firestore: `${firestoreEmulator().host}:${firestoreEmulator().port}`,
      auth: `${authEmulator().host}:${authEmulator().port}`,
      storage: `${storageEmulator().host}:${storageEmulator().port}`,
    },
  });

/** Checks that `res` carries every security header (the policy up to the tests' report-uri). */
function expectSecurityHeaders(res: Response, what: string): void {
  for (const { key, value } of expectedHeaders()) {
    const sent = res.headers.get(key) ?? '';
    if (key === 'Content-Security-Policy') expect(sent.replace(/; report-uri \S+$/, ''), `${key} on ${what}`).toBe(value);
    else expect(sent, `${key} on ${what}`).toBe(value);
  }
}

describe('what each path answers', () => {
  it('serves every app route with 200 and the app, with the security headers', async () => {
    expect(routePaths).toContain('/events/medtech/screen');
    for (const route of routePaths) {
      const res = await fetch(`${origin()}${route}`, { redirect: 'manual' });
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type'), route).toMatch(/^text\/html/);
      expect(await res.text(), route).toContain('<div id="root">');
      expectSecurityHeaders(res, route);
    }
  });

  it('answers a missing file with 404, never with the app, and carries the headers there too', async () => {
    for (const missing of ['/assets/nonexistent.js', '/assets/index-0000.css', '/logo-gone.png', '/no/such/page.html']) {
      const res = await fetch(`${origin()}${missing}`);
      expect(res.status, missing).toBe(404);
      expectSecurityHeaders(res, missing);
    }
    // A path that is not a file either gets the 404 page: the app's own Not Found screen.
    const res = await fetch(`${origin()}/no-such-screen`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<div id="root">');
  });

  it('serves the built files with the headers, the chunks cached for good and the pages revalidated', async () => {
    const html = await (await fetch(`${origin()}/presenters`)).text();
    const entry = /"entry":"([^"]+)"/.exec(html)?.[1];
    expect(entry, 'the loader names the entry chunk').toMatch(/^\/assets\/.+\.js$/);
    const chunk = await fetch(`${origin()}${entry}`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('content-type')).toMatch(/javascript/);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(chunk, entry ?? '');
    for (const page of ['/', '/presenters', '/events/medtech/screen', '/join/k7mqx', '/sw.js']) {
      expect((await fetch(`${origin()}${page}`)).headers.get('cache-control'), page).toBe('no-cache');
    }
  });

  it('never serves a source map, even one left in the build folder', async () => {
    const { app } = bed();
    const chunk = (await fs.readdir(path.join(app.outDir, 'assets'))).find((file) => file.endsWith('.js'));
    await fs.writeFile(path.join(app.outDir, 'assets', `${chunk}.map`), '{"version":3,"sources":[],"mappings":""}');
    await app.deploy();
    expect((await fetch(`${origin()}/assets/${chunk}.map`)).status).toBe(404);
    expect((await fetch(`${origin()}/assets/${chunk}`)).status).toBe(200);
  });
});

/** Opens `route` on a fresh phone and lets the app start; the Content-Security-Policy violations it saw. */
async function violationsOpening(route: string, shows: RegExp): Promise<{ page: Page; violations: () => Promise<string[]> }> {
  // With the service worker, whose registration and precache requests the policy must let through too.
  const { context, page } = await openPhone(bed().browser, { serviceWorkers: 'allow' });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`),
    );
  });
  await page.goto(`${origin()}${route}`);
  await page.getByText(shows).first().waitFor();
  // The app has taken over from the build-time first screen.
  await page.locator('#root > [data-first-screen]').first().waitFor({ state: 'detached' });
  // And has registered its service worker, the last thing a page's start-up fetches.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  return { page, violations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations) };
}

describe('the Content-Security-Policy', () => {
  for (const { path: route, shows } of PAGES) {
    it(`lets ${route} start and show its page with no violation`, async () => {
      const { page, violations } = await violationsOpening(route, shows);
      try {
        expect(await violations()).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  }

  it('refuses an inline script the build did not make, and reports it', async () => {
    const reports = await collectCspReports();
    const { app } = bed();
    const hosting = await startHostingEmulator({
      siteDir: app.outDir,
      projectId,
      target: {
        kind: 'local',
        backend: {
          firestore: `${firestoreEmulator().host}:${firestoreEmulator().port}`,
          auth: `${authEmulator().host}:${authEmulator().port}`,
          storage: `${storageEmulator().host}:${storageEmulator().port}`,
        },
        reportUri: reports.url,
      },
    });
    const { context, page } = await openPhone(bed().browser);
    try {
      await page.goto(`${hosting.url}/results`);
      await page
        .getByText(/Session Results/)
        .first()
        .waitFor();
      const ran = await page.evaluate(async () => {
        const blocked = new Promise<string>((resolve) =>
          document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective), { once: true }),
        );
        const script = document.createElement('script');
        script.textContent = 'window.injected = true;';
        document.body.append(script);
        return { directive: await blocked, injected: (window as unknown as { injected?: boolean }).injected === true };
      });
      expect(ran).toEqual({ directive: 'script-src-elem', injected: false });
      await expect.poll(() => reports.reports.length, { timeout: PAGE_WAIT_MS }).toBe(1);
      expect(reports.reports[0]).toMatch(/^script-src-elem blocked inline on http:\/\/127\.0\.0\.1:\d+\/results/);
    } finally {
      await context.close();
      await hosting.close();
      await reports.close();
    }
  });
});
