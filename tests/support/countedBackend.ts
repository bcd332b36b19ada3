// A local backend of a test's own (in memory, on loopback) that counts the Listen streams open on
// it (each subscribes to the engine's commits while it lasts) and reads its billed document reads
// once they have settled: what resume and session tests measure.

import { startBackend, type RunningBackend } from '../../backend/src/server.js';

export interface CountedBackend {
  backend: RunningBackend;
  /** Listen streams open on the server now. */
  listenStreams(): number;
  /** The database's billed reads, once a few hundred milliseconds pass with none added. */
  settledReads(database: string): Promise<number>;
}

export async function startCountedBackend(options: Partial<Parameters<typeof startBackend>[0]> = {}): Promise<CountedBackend> {
  const backend = await startBackend({ firestorePort: 0, storagePort: 0, ...options });
  const { engine } = backend;
  let open = 0;
  const subscribe = engine.onCommit.bind(engine);
  engine.onCommit = (listener) => {
    open++;
    const unsubscribe = subscribe(listener);
    return () => {
      open--;
      unsubscribe();
    };
  };
  return {
    backend,
    listenStreams: () => open,
    async settledReads(database) {
      let last = engine.readCount(database);
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        const now = engine.readCount(database);
        if (now === last) return now;
        last = now;
      }
    },
  };
}
