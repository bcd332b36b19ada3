// `npm run hosting:headers`: writes the production security headers (scripts/hosting/headers.ts)
// into firebase.json's hosting section, where `firebase deploy` reads them. Run it after changing
// the policy or the pages' inline scripts; tests/scripts/hostingHeaders.test.ts fails until then.

import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { hostingFor, readHostingSection } from './emulator.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const file = path.join(root, 'firebase.json');
const config = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>;
const hosting = hostingFor(await readHostingSection(root), { kind: 'production' });
const written = await fs.readFile(file, 'utf8');
if (JSON.stringify(JSON.parse(written).hosting) === JSON.stringify(hosting)) {
  console.log('firebase.json: the security headers are up to date.');
} else {
  const options = (await prettier.resolveConfig(file)) ?? {};
  await fs.writeFile(
    file,
    await prettier.format(JSON.stringify({ ...config, hosting }, null, 2), { ...options, filepath: file }),
  );
  console.log('firebase.json: security headers written; commit the change.');
}
