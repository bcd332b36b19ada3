// Grants (or revokes) the admin role: the custom claim `admin: true` on a Firebase Auth user,
// set with firebase-admin, never by the client. Targets the local Auth emulator unless told
// otherwise.
//
//   npx tsx scripts/grantAdmin.ts <email> [--revoke] [--production]

import { parseArgs } from 'node:util';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { loadConfig } from '../backend/src/config.js';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      revoke: { type: 'boolean', default: false },
      production: { type: 'boolean', default: false },
      project: { type: 'string' },
    },
  });
  const email = positionals[0];
  if (!email) throw new Error('Usage: npx tsx scripts/grantAdmin.ts <email> [--revoke] [--production] [--project <id>]');

  let projectId = values.project;
  if (!values.production) {
    const config = loadConfig();
    projectId ??= config.projectId;
    process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `${config.auth.host}:${config.auth.port}`;
    // Local only: no probing of Google Cloud's metadata server for credentials.
    process.env.METADATA_SERVER_DETECTION ??= 'none';
  } else if (!projectId) {
    throw new Error('--production needs --project <id> (and Google application default credentials).');
  }

  const app = initializeApp({ projectId });
  try {
    const auth = getAuth(app);
    const user = await auth.getUserByEmail(email);
    const claims = { ...(user.customClaims ?? {}) };
    if (values.revoke) delete claims.admin;
    else claims.admin = true;
    await auth.setCustomUserClaims(user.uid, claims);
    console.log(`${email} (${user.uid}) ${values.revoke ? 'is no longer' : 'is now'} an admin of ${projectId}.`);
    console.log("The change shows in the user's ID token after their next token refresh or sign-in.");
  } finally {
    await deleteApp(app);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
