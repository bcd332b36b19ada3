// Part of `npm run bench:bundle`: a provider's Firestore document reads on /presenters, measured
// by the backend as Firestore bills them (documents returned and documents delivered to
// listeners). The built app runs in Chromium against the local backend with the demo data; the
// live presenter then changes several times, and the reads each change cost are printed.
// Budget: one read per live-presenter change (the event document), no re-read of lists. Opening
// the queue reads the event twice: the first read through Firestore Lite, then the full SDK's
// listener (src/db/sharedEvent.ts). Measured twice: a phone that opens /presenters (the shared
// event), then one that joined the room by its link (/join/{code}: its event's document
// alone is followed).

import { ADMIN } from '../backend/src/authz/identity.js';
import { paths } from '../src/config/paths.js';
import { roomCode } from '../src/lib/roomChoice.js';
import { launchChromium } from '../tests/support/browser.js';
import { defined } from '../tests/support/defined.js';
import { serveDemoBuild } from './demoBuild.js';

const CHANGES = Number(process.env.BENCH_CHANGES ?? 8);
const EVENT = 'demo-medtech';

async function main(): Promise<void> {
  // A returning provider: the profile is already cached on the phone, and the app opens on
  // /presenters in one page load; then one that opens the room's join link. Each on a backend of
  // its own: the backend counts every client's reads, and a closed page's listen stream can
  // outlive the page there for a while.
  const visits = [
    { path: '/presenters', label: '/presenters' },
    { path: paths.join(roomCode(EVENT)), label: `a room joined by its link (${paths.join(roomCode(EVENT))})` },
  ];
  for (const visit of visits) {
    const served = await serveDemoBuild();
    const { emulators } = served;
    const database = `projects/${emulators.projectId}/databases/(default)`;
    const eventName = `${database}/documents/events/${EVENT}`;
    const browser = await launchChromium();
    try {
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

      const opened = emulators.backend.engine.readCount(database);
      await page.goto(`${served.origin}${visit.path}`);
      await page.getByText(defined(names[index], 'The live presenter'), { exact: false }).first().waitFor({ timeout: 30_000 });
      // The backend reaps a session left without its backchannel after 15 s: a listen stream the
      // SDK restarted (when the anonymous sign-in's token arrives) still counts reads until then,
      // which a deployed Firestore would not bill. Counting starts once it is gone.
      await page.waitForTimeout(17_000);
      const initial = emulators.backend.engine.readCount(database) - opened;

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
        `provider reads on first load of ${visit.label}: ${initial} documents (Firestore Lite's first read, then the listener's)`,
      );
      console.log(
        `provider reads per live-presenter change, ${visit.label}: median ${sorted[Math.floor(sorted.length / 2)]}, ` +
          `total ${total} over ${CHANGES} changes (${perChange.join(', ')}); budget 1`,
      );
    } finally {
      await browser.close();
      await served.close();
    }
  }
}

await main();
