// The rehearsal's backend process: the local backend (Firestore, Storage) and the Auth emulator,
// started as `npm start` starts them (backend/src/cli.ts: firebase.json's rules files in force,
// its indexes required, downloads following storage.cors.json), on the ports and data folder the parent names, so that the rehearsal can
// kill it with SIGKILL and start it again on the same folder. Prints one line `READY {json}` once
// it serves.
//
// Usage: node --import tsx scripts/rehearse/backendChild.ts <dataDir> <firestorePort> <storagePort> <authPort>

import { startEmulators } from '../../backend/src/cli.js';
import { loadConfig } from '../../backend/src/config.js';

async function main(): Promise<void> {
  const [dataDir, firestore, storage, auth] = process.argv.slice(2);
  if (!dataDir || !firestore || !storage || !auth)
    throw new Error('Usage: backendChild.ts <dataDir> <firestorePort> <storagePort> <authPort>');
  const running = await startEmulators({
    dataDir,
    ports: { firestore: Number(firestore), storage: Number(storage), auth: Number(auth) },
    requireIndexes: true,
    bucketCorsFile: loadConfig().bucketCorsFile,
    log: (line) => console.log(line),
  });
  console.log(`READY ${JSON.stringify({ projectId: running.projectId, env: running.env })}`);
  const stop = () => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
