// A Storage service in a process of its own, so a test can kill it with SIGKILL mid-write.
// Usage: node --import tsx storageChildServer.ts <dataDir>; prints "port <n>" once listening.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowAll } from '../../../backend/src/authz/seam.js';
import { createStorageService } from '../../../backend/src/storage/storageService.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: storageChildServer.ts <dataDir>');
const service = await createStorageService({ dataDir, authorizer: allowAll, log: () => {} });
const server = http.createServer(service.handle);
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`port ${(server.address() as AddressInfo).port}\n`);
});
