// Part of `npm run bench:bundle`: a provider's Firestore document reads on /presenters, measured
// by the backend as Firestore bills them (documents returned and documents delivered to
// listeners). The built app runs in Chromium against the local backend with the demo data; the
// live presenter then changes several times, and the reads each change cost are printed.
// Budget: one read per live-presenter change (the event document), no re-read of lists. Opening
// the queue reads the event twice: the first read through Firestore Lite, then the full SDK's
// listener (src/db/sharedEvent.ts).

import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { build } from 'vite';
import { startEmulators } from '../backend/src/cli.js';
import { repoRoot } from '../backend/src/config.js';
import { ADMIN } from '../backend/src/authz/identity.js';
import { launchChromium } from '../tests/support/browser.js';
import { defined } from '../tests/support/defined.js';

const CHANGES = Number(process.env.BENCH_CHANGES ?? 8);
const EVENT = 'demo-medtech';
const outDir = path.join(repoRoot, 'node_modules/.cache/bench-reads-app');

async function serveApp(folder: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(folder, urlPath);
    const inside = file.startsWith(folder) && (await fs.stat(file).catch(() => null))?.isFile();
    const body = await fs.readFile(inside ? file : path.join(folder, 'index.html'));
    const type = file.endsWith('.js')
      ? 'text/javascript'
      : file.endsWith('.css')
        ? 'text/css'
        : file.endsWith('.svg')
          ? 'image/svg+xml'
          : 'text/html';
    res.writeHead(200, { 'content-type': inside ? type : 'text/html' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function main(): Promise<void> {
  const emulators = await startEmulators({
    dataDir: null,
    ports: { firestore: 0, storage: 0, auth: 0 },
    importFile: path.join(repoRoot, 'backend/demo/demoData.json'),
  });
  const database = `projects/${emulators.projectId}/databases/(default)`;
  const eventName = `${database}/documents/events/${EVENT}`;
  const browser = await launchChromium();
  let app: Awaited<ReturnType<typeof serveApp>> | undefined;
  try {
    Object.assign(process.env, {
      VITE_USE_EMULATORS: 'true',
      VITE_FIREBASE_PROJECT_ID: emulators.projectId,
      VITE_FIRESTORE_EMULATOR_HOST: emulators.env.FIRESTORE_EMULATOR_HOST,
      VITE_STORAGE_EMULATOR_HOST: emulators.env.FIREBASE_STORAGE_EMULATOR_HOST,
      VITE_AUTH_EMULATOR_HOST: emulators.env.FIREBASE_AUTH_EMULATOR_HOST,
    });
    await build({ root: repoRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    app = await serveApp(outDir);

    // A returning provider: the profile is already cached on the phone, and the app opens on
    // /presenters in one page load.
    const context = await browser.newContext({ viewport: { width: 360, height: 760 } });
    await context.addInitScript(() =>
      localStorage.setItem(
        'profile',
        JSON.stringify({
          first_name: 'Casey',
          last_name: 'Reader',
          email: 'casey@example.com',
          company: 'Bench Co',
          phone: '',
          terms_accepted: true,
        }),
      ),
    );
    const page = await context.newPage();

    const event = emulators.backend.engine.lookup(eventName);
    const fields = defined(event?.fields, 'The demo event') as Record<
      string,
      { integerValue?: string; mapValue?: { fields?: Record<string, { arrayValue?: { values?: unknown[] } }> } }
    >;
    const round = `round_${fields.round_number?.integerValue ?? '1'}`;
    const entries = (fields.rounds?.mapValue?.fields?.[round]?.arrayValue?.values ?? []) as {
      mapValue: { fields: Record<string, { stringValue: string }> };
    }[];
    const names = entries.map(({ mapValue: { fields: presenter } }) => {
      const first = defined(presenter.first_name, "A presenter's first_name");
      const last = defined(presenter.last_name, "A presenter's last_name");
      return `${first.stringValue} ${last.stringValue}`;
    });
    let index = Number(fields.presenter_index?.integerValue ?? '0');

    await page.goto(`${app.url}/presenters`);
    await page.getByText(defined(names[index], 'The live presenter'), { exact: false }).first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    const initial = emulators.backend.engine.readCount(database);

    const perChange: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      index = (index + 1) % names.length;
      const before = emulators.backend.engine.readCount(database);
      await emulators.backend.engine.commit(
        database,
        {
          writes: [
            {
              update: { name: eventName, fields: { presenter_index: { integerValue: String(index) } } },
              updateMask: { fieldPaths: ['presenter_index'] },
            },
          ],
        },
        { identity: ADMIN },
      );
      await page.waitForTimeout(700);
      perChange.push(emulators.backend.engine.readCount(database) - before);
    }
    const total = perChange.reduce((a, b) => a + b, 0);
    const sorted = [...perChange].sort((a, b) => a - b);
    console.log(
      `provider reads on first load of /presenters: ${initial} documents (Firestore Lite's first read, then the listener's)`,
    );
    console.log(
      `provider reads per live-presenter change: median ${sorted[Math.floor(sorted.length / 2)]}, ` +
        `total ${total} over ${CHANGES} changes (${perChange.join(', ')}); budget 1`,
    );
  } finally {
    await browser.close();
    await app?.close();
    await emulators.close();
  }
}

await main();
