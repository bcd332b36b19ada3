// The set-up the browser conformance suites share: one Chromium for the file, and before each
// test an empty database in the file's project and a fresh page with the web SDK loaded.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launchChromium, openSdkPage } from '../../support/browser.js';
import { resetFirestore } from '../../support/emulators.js';

/** Registers the set-up; `opened` gets each test's fresh page to connect it as the suite needs. */
export function useSdkPage(projectId: string, opened: (page: Page) => Promise<void>): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('Chromium starts before the tests.');
    await resetFirestore(projectId);
    await opened(await openSdkPage(browser));
  });
}
