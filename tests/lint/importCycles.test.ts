// No file of the repository comes back to itself through its imports (scripts/lint/importCycles.ts),
// and the search finds a circle when there is one, type-only imports and re-exports included.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../scripts/lint/importCycles';

const root = path.resolve(import.meta.dirname, '../..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function scratchFolder(name: string, files: Record<string, string>): string {
  const folder = path.join(scratch, name);
  for (const [file, code] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, 'domain', file)), { recursive: true });
    fs.writeFileSync(path.join(folder, 'domain', file), code);
  }
  return folder;
}

const relativeTo = (folder: string) => (cycle: string[]) => cycle.map((file) => path.relative(folder, file));

describe('the import graph', () => {
  it('has no circle anywhere in the repository', () => {
    const graph = importGraph(root);
    expect(graph.size).toBeGreaterThan(400);
    expect(graph.get(path.join(root, 'domain/pitchTimer.ts'))).toContain(path.join(root, 'domain/documents.ts'));
    expect(importCycles(graph).map(relativeTo(root))).toEqual([]);
  });

  it('names the files of a circle in import order, through type-only imports and re-exports', () => {
    const folder = scratchFolder('circle', {
      'documents.ts': "import type { Timer } from './timer.js';\nexport interface Doc { timer: Timer }\n",
      'timer.ts': "export { move } from './rounds.js';\nexport interface Timer { at: number }\n",
      'rounds.ts': "import type { Doc } from './documents.js';\nexport const move = (doc: Doc) => doc;\n",
      'apart.ts': "import { move } from './rounds.js';\nexport const again = move;\n",
    });
    expect(importCycles(importGraph(folder, ['domain'])).map(relativeTo(folder))).toEqual([
      ['domain/documents.ts', 'domain/timer.ts', 'domain/rounds.ts', 'domain/documents.ts'],
    ]);
  });

  it('finds a file that imports itself and a circle through a dynamic import', () => {
    const folder = scratchFolder('self', {
      'self.ts': "export const me = () => import('./self.js');\n",
      'a.ts': "export const load = () => import('./b');\n",
      'b.ts': "import { load } from './a.js';\nexport const again = load;\n",
    });
    expect(
      importCycles(importGraph(folder, ['domain']))
        .map(relativeTo(folder))
        .sort(),
    ).toEqual([
      ['domain/a.ts', 'domain/b.ts', 'domain/a.ts'],
      ['domain/self.ts', 'domain/self.ts'],
    ]);
  });
});
