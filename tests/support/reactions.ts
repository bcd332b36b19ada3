// The server reactions of one test project, as `npm start` runs them: the Cloud Functions staged
// from their deploy archive (by tests/support/globalSetup.ts, once for the run) in
// firebase-tools' Functions emulator on the run's local backend (the services set up by
// tests/support/globalSetup.ts), sending their mails to an SMTP catcher of their own. The
// backend delivers that project's trigger events to this emulator only, so test files run side
// by side. stop() stops the emulator, then the catcher; explain() says what happened to the
// project's events, for a test's failure message.

import { readFileSync } from 'node:fs';
import {
  functionsBuildIsStale,
  localFunctionParams,
  startFunctionsEmulator,
  type RunningFunctionsEmulator,
} from '../../scripts/functions/emulator';
import { startSmtpCatcher, type SmtpCatcher } from './smtpCatcher';

export interface Reactions {
  smtp: SmtpCatcher;
  functions: RunningFunctionsEmulator;
  /** Every line the emulator printed (the functions' logs among them). */
  log: string[];
  /** The backend's lines about this project's events (one it could not deliver, one a function failed) and the emulator's last lines. */
  explain(): string;
  stop(): Promise<void>;
}

export interface ReactionSettings {
  /** The mails' sender and organisation (SMTP_FROM, ORGANISATION_NAME). */
  from: string;
  organisation: string;
  /** Further params, such as APP_URL or CONTACT_EMAIL. */
  params?: Record<string, string>;
  /** The codebase folder to run (a copy, say); the run's staged deploy archive by default. */
  functionsDir?: string;
}

/** The address of a service the run's set-up started, from the variables the official emulators use. */
function service(variable: string): string {
  const address = process.env[variable];
  if (!address) throw new Error(`${variable} is not set: the tests' global set-up (tests/support/globalSetup.ts) sets it.`);
  return address;
}

export async function startReactions(projectId: string, settings: ReactionSettings): Promise<Reactions> {
  // Built and staged once for the run by the global set-up: a build here would race the other test files'.
  if (!settings.functionsDir && functionsBuildIsStale())
    throw new Error('functions/lib is older than its sources: run npm run build:functions.');
  const functionsDir = settings.functionsDir ?? service('STAGED_FUNCTIONS_DIR');
  const smtp = await startSmtpCatcher();
  const log: string[] = [];
  try {
    const functions = await startFunctionsEmulator({
      projectId,
      firestore: service('FIRESTORE_EMULATOR_HOST'),
      auth: process.env.FIREBASE_AUTH_EMULATOR_HOST,
      storage: process.env.FIREBASE_STORAGE_EMULATOR_HOST,
      functionsDir,
      // The sweep runs when a test asks (runScheduled), not on a timer in the middle of another test.
      schedules: false,
      params: {
        ...localFunctionParams({ smtpPort: smtp.port }, {}),
        SMTP_FROM: settings.from,
        ORGANISATION_NAME: settings.organisation,
        ...settings.params,
      },
      log: (line) => log.push(line),
    });
    return {
      smtp,
      functions,
      log,
      explain() {
        const file = process.env.BACKEND_LOG_FILE;
        const backend = file
          ? readFileSync(file, 'utf8')
              .split('\n')
              .filter((line) => line.includes(` in ${projectId})`) || line.includes(`triggers of ${projectId} `))
          : ['(the backend was not started by the set-up: its log is elsewhere)'];
        return [
          `The backend about ${projectId}'s events:`,
          ...(backend.length > 0 ? backend : ['(nothing)']),
          "The Functions emulator's last lines:",
          ...log.slice(-60),
        ].join('\n');
      },
      async stop() {
        await functions.stop();
        await smtp.close();
      },
    };
  } catch (error) {
    await smtp.close();
    throw error;
  }
}
