// The backend under benchmark, in its own process: prints its ports as one JSON line.

import { startBackend } from '../src/server.js';

const dataDir = process.argv[2];
const backend = await startBackend({ firestorePort: 0, storagePort: 0, dataDir });
console.log(JSON.stringify({ firestorePort: backend.firestorePort, storagePort: backend.storagePort }));
const stop = (): void => {
  void backend.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
