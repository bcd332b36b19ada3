// The Firebase app, initialised once from the environment: the one object every Firebase
// service of the app (Firestore, Firestore Lite, Auth, Storage) attaches to. It holds no
// service's code, so a module that needs only the app does not pull Firestore into its chunk.

import { initializeApp, type FirebaseApp } from 'firebase/app';
import { env } from '../config/env';

export const app: FirebaseApp = initializeApp(env.firebase);
