// Security rules as the web SDK meets them in Chromium (WebChannel, REST and Storage): rules set
// for this file's project through the emulator endpoints, then every allowed and denied read,
// query, write, listener and upload, each actor on a page of its own.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, openSdkPage } from '../../support/browser.js';
import { firestoreEmulator, resetFirestore, storageEmulator, uniqueProjectId } from '../../support/emulators.js';
import { STORAGE_TEST_RULES } from './storageTestRules.js';

const FIRESTORE_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    // Posts: signed-in users read; authors write their own and cannot change the author.
    match /posts/{postId} {
      allow get: if request.auth != null;
      allow list: if request.auth != null && resource.data.published == true;
      allow create: if request.auth != null && request.resource.data.author == request.auth.uid;
      allow update: if request.auth != null && resource.data.author == request.auth.uid
        && request.resource.data.author == resource.data.author;
      allow delete: if request.auth != null && resource.data.author == request.auth.uid;
    }

    // Teams: a member document is created only in the batch that lists the member on the team.
    match /teams/{teamId} {
      allow read: if true;
      allow update: if request.auth != null
        && request.resource.data.memberIds.removeAll(resource.data.memberIds).hasOnly([request.auth.uid]);
      match /members/{uid} {
        allow create: if request.auth != null && request.auth.uid == uid
          && uid in getAfter(/databases/$(database)/documents/teams/$(teamId)).data.memberIds;
      }
    }
  }
}
`;

type Actor = 'owner' | 'alice' | 'bob' | 'nobody';
type Outcome = 'ok' | string;

const projectId = uniqueProjectId('rules-web');

async function putJson(url: string, body: unknown): Promise<void> {
  const res = await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`PUT ${url}: ${res.status} ${await res.text()}`);
}

async function setRules(): Promise<void> {
  const fs = firestoreEmulator();
  const st = storageEmulator();
  await putJson(`http://${fs.host}:${fs.port}/emulator/v1/projects/${projectId}:securityRules`, {
    rules: { files: [{ content: FIRESTORE_RULES }] },
  });
  await putJson(`http://${st.host}:${st.port}/internal/setRules`, {
    rules: { files: [{ name: 'storage.rules', content: STORAGE_TEST_RULES }] },
  });
}

/** A page whose SDK is signed in as `actor` (mock tokens, as connect*Emulator allows). */
async function openActor(browser: Browser, actor: Actor): Promise<Page> {
  const page = await openSdkPage(browser);
  await page.evaluate(
    ({ actor, projectId, fs, st }) => {
      const { app, firestore, storage } = window.sdk;
      const a = app.initializeApp({ projectId, apiKey: 'demo-key', storageBucket: projectId });
      const token = actor === 'owner' ? 'owner' : actor === 'nobody' ? undefined : { user_id: actor };
      const db = firestore.getFirestore(a);
      firestore.connectFirestoreEmulator(db, fs.host, fs.port, token ? { mockUserToken: token } : {});
      const bucket = storage.getStorage(a);
      storage.connectStorageEmulator(bucket, st.host, st.port, token ? { mockUserToken: token } : {});
      Object.assign(window, { db, bucket });
    },
    { actor, projectId, fs: firestoreEmulator(), st: storageEmulator() },
  );
  return page;
}

/** Runs `body` in the page; resolves to 'ok' or the error's code. */
function attempt(page: Page, body: string): Promise<Outcome> {
  return page.evaluate(async (source) => {
    const { firestore, storage } = window.sdk;
    const { db, bucket } = window as unknown as { db: unknown; bucket: unknown };
    const run = new Function('firestore', 'storage', 'db', 'bucket', `return (async () => { ${source} })();`);
    try {
      await run(firestore, storage, db, bucket);
      return 'ok';
    } catch (err) {
      return (err as { code?: string }).code ?? String(err);
    }
  }, body);
}

describe('Security rules through the web SDK in Chromium', () => {
  let browser: Browser;
  const pages = {} as Record<Actor, Page>;

  beforeAll(async () => {
    await setRules();
    browser = await launchChromium();
    for (const actor of ['owner', 'alice', 'bob', 'nobody'] as const) pages[actor] = await openActor(browser, actor);
  });

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    await resetFirestore(projectId);
    const seeded = await attempt(
      pages.owner,
      `const b = firestore.writeBatch(db);
       b.set(firestore.doc(db, 'posts/p1'), { author: 'alice', published: true, title: 'Hello' });
       b.set(firestore.doc(db, 'posts/p2'), { author: 'bob', published: false, title: 'Draft' });
       b.set(firestore.doc(db, 'teams/t1'), { memberIds: ['bob'] });
       await b.commit();`,
    );
    expect(seeded).toBe('ok');
  });

  describe('posts', () => {
    it('a signed-in user gets a post; an unauthenticated caller may not', async () => {
      const get = `await firestore.getDocFromServer(firestore.doc(db, 'posts/p2'));`;
      expect(await attempt(pages.alice, get)).toBe('ok');
      expect(await attempt(pages.nobody, get)).toBe('permission-denied');
    });

    it('lists the published posts, but not every post: the query does not keep to the published ones', async () => {
      expect(
        await attempt(
          pages.alice,
          `await firestore.getDocsFromServer(firestore.query(firestore.collection(db, 'posts'), firestore.where('published', '==', true)));`,
        ),
      ).toBe('ok');
      expect(await attempt(pages.alice, `await firestore.getDocsFromServer(firestore.collection(db, 'posts'));`)).toBe(
        'permission-denied',
      );
    });

    it('creates a post as its author, not as someone else', async () => {
      expect(
        await attempt(
          pages.alice,
          `await firestore.setDoc(firestore.doc(db, 'posts/a1'), { author: 'alice', published: false });`,
        ),
      ).toBe('ok');
      expect(
        await attempt(pages.alice, `await firestore.setDoc(firestore.doc(db, 'posts/a2'), { author: 'bob', published: false });`),
      ).toBe('permission-denied');
    });

    it('updates only its own post', async () => {
      expect(
        await attempt(pages.alice, `await firestore.updateDoc(firestore.doc(db, 'posts/p1'), { title: 'Hello again' });`),
      ).toBe('ok');
      expect(await attempt(pages.alice, `await firestore.updateDoc(firestore.doc(db, 'posts/p2'), { title: 'Mine now' });`)).toBe(
        'permission-denied',
      );
    });

    it('deletes only its own post', async () => {
      expect(await attempt(pages.bob, `await firestore.deleteDoc(firestore.doc(db, 'posts/p1'));`)).toBe('permission-denied');
      expect(await attempt(pages.alice, `await firestore.deleteDoc(firestore.doc(db, 'posts/p1'));`)).toBe('ok');
    });

    it("a listener on every post is refused with permission-denied on onSnapshot's error callback", async () => {
      const code = await pages.alice.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const { firestore } = window.sdk;
            const { db } = window as unknown as { db: ReturnType<typeof firestore.getFirestore> };
            const timer = setTimeout(() => resolve('no error within 10 s'), 10_000);
            const stop = firestore.onSnapshot(
              firestore.collection(db, 'posts'),
              () => {},
              (err) => {
                clearTimeout(timer);
                stop();
                resolve(err.code);
              },
            );
          }),
      );
      expect(code).toBe('permission-denied');
    });

    it('a listener on the published posts is served', async () => {
      const count = await pages.bob.evaluate(
        () =>
          new Promise<number | string>((resolve) => {
            const { firestore } = window.sdk;
            const { db } = window as unknown as { db: ReturnType<typeof firestore.getFirestore> };
            const q = firestore.query(firestore.collection(db, 'posts'), firestore.where('published', '==', true));
            const stop = firestore.onSnapshot(
              q,
              (snap) => {
                if (snap.metadata.fromCache) return;
                stop();
                resolve(snap.size);
              },
              (err) => resolve(err.code),
            );
          }),
      );
      expect(count).toBe(1);
    });
  });

  describe('teams', () => {
    it('joins in one batch that lists the member on the team (getAfter sees the batch)', async () => {
      const join = `const b = firestore.writeBatch(db);
        b.update(firestore.doc(db, 'teams/t1'), { memberIds: firestore.arrayUnion('alice') });
        b.set(firestore.doc(db, 'teams/t1/members/alice'), { joined: true });
        await b.commit();`;
      expect(await attempt(pages.alice, join)).toBe('ok');
    });

    it('cannot create the member document without the team listing them', async () => {
      expect(
        await attempt(pages.alice, `await firestore.setDoc(firestore.doc(db, 'teams/t1/members/alice'), { joined: true });`),
      ).toBe('permission-denied');
    });
  });

  describe('storage uploads', () => {
    const upload = (path: string, size: number, contentType: string): string =>
      `await storage.uploadBytes(storage.ref(bucket, '${path}'), new Uint8Array(${size}).fill(1), { contentType: '${contentType}' });`;

    it('uploads a small image into the user’s own folder', async () => {
      expect(await attempt(pages.alice, upload('uploads/alice/ok.png', 200, 'image/png'))).toBe('ok');
    });

    it('refuses an image of 1 KiB or more', async () => {
      expect(await attempt(pages.alice, upload('uploads/alice/big.png', 4096, 'image/png'))).toBe('storage/unauthorized');
    });

    it('refuses a file that is not an image', async () => {
      expect(await attempt(pages.alice, upload('uploads/alice/doc.pdf', 200, 'application/pdf'))).toBe('storage/unauthorized');
    });

    it('refuses an unauthenticated upload', async () => {
      expect(await attempt(pages.nobody, upload('uploads/alice/anon.png', 200, 'image/png'))).toBe('storage/unauthorized');
    });
  });
});
