// Storage from the web SDK's browser build in Chromium: a cross-origin page uploads with
// uploadBytes and uploadBytesResumable, then fetches its getDownloadURL, so CORS (preflights,
// exposed X-Goog-Upload-* headers) is exercised as in the app. Its bucket lists the page's origin,
// as a deployed bucket lists the app's, for the downloads (getBytes, fetch of a download URL).

import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowOriginInBucket } from '../../support/bucketCors.js';
import { launchChromium, openSdkPage } from '../../support/browser.js';
import { sharedStorageHost } from './storageTestServer.js';

describe('Storage web SDK in Chromium', () => {
  let target: Awaited<ReturnType<typeof sharedStorageHost>>;
  let browser: Browser;
  let page: Page;
  const projectId = `demo-storage-browser-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    target = await sharedStorageHost();
    browser = await launchChromium();
    page = await openSdkPage(browser);
    if (process.env.FIREBASE_STORAGE_EMULATOR_HOST) await allowOriginInBucket(projectId, new URL(page.url()).origin);
  });

  afterAll(async () => {
    await browser?.close();
    await target?.close();
  });

  it('uploadBytes then getDownloadURL gives a URL the page can fetch', async () => {
    const outcome = await page.evaluate(
      async (h) => {
        const { app, storage } = window.sdk;
        const a = app.initializeApp(
          { projectId: h.projectId, apiKey: 'demo-api-key', storageBucket: `${h.projectId}.firebasestorage.app` },
          'browser-upload',
        );
        const st = storage.getStorage(a);
        storage.connectStorageEmulator(st, h.host, h.port, { mockUserToken: { user_id: 'browser-user' } });
        const file = storage.ref(st, 'browser/hello.txt');
        const uploaded = await storage.uploadBytes(file, new Blob(['hello from chromium'], { type: 'text/plain' }));
        const url = await storage.getDownloadURL(file);
        const response = await fetch(url);
        return {
          size: uploaded.metadata.size,
          contentType: uploaded.metadata.contentType,
          url,
          status: response.status,
          body: await response.text(),
        };
      },
      { host: target.host, port: target.port, projectId },
    );
    expect(outcome).toMatchObject({ size: 19, contentType: 'text/plain', status: 200, body: 'hello from chromium' });
    expect(outcome.url).toContain('alt=media&token=');
  });

  it('uploadBytesResumable of a 600 KiB Blob reports progress and completes', async () => {
    const outcome = await page.evaluate(
      async (h) => {
        const { app, storage } = window.sdk;
        const a = app.initializeApp(
          { projectId: h.projectId, apiKey: 'demo-api-key', storageBucket: `${h.projectId}.firebasestorage.app` },
          'browser-resumable',
        );
        const st = storage.getStorage(a);
        storage.connectStorageEmulator(st, h.host, h.port);
        const data = new Uint8Array(600 * 1024).map((_, i) => i % 251);
        const task = storage.uploadBytesResumable(storage.ref(st, 'browser/big.bin'), new Blob([data]));
        const progress: number[] = [];
        task.on('state_changed', (s) => progress.push(s.bytesTransferred));
        const snapshot = await task;
        const back = new Uint8Array(await storage.getBytes(storage.ref(st, 'browser/big.bin')));
        return {
          state: snapshot.state,
          size: snapshot.metadata.size,
          partial: progress.some((p) => p > 0 && p < data.length),
          same: back.length === data.length && back.every((v, i) => v === data[i]),
        };
      },
      { host: target.host, port: target.port, projectId },
    );
    expect(outcome).toEqual({ state: 'success', size: 600 * 1024, partial: true, same: true });
  });
});
