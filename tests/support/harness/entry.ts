// The browser side of the conformance suite: the real firebase web SDK (its browser build),
// exposed on window so tests can drive it from Playwright. The Lite SDK speaks REST only.

import * as app from 'firebase/app';
import * as auth from 'firebase/auth';
import * as firestore from 'firebase/firestore';
import * as firestoreLite from 'firebase/firestore/lite';
import * as storage from 'firebase/storage';

const sdk = { app, auth, firestore, firestoreLite, storage };

declare global {
  interface Window {
    sdk: typeof sdk;
  }
}

window.sdk = sdk;
document.getElementById('status')!.textContent = 'ready';
