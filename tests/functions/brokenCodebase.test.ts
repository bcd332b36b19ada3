// A codebase that would fail at deploy fails here first: the Functions emulator's start (what
// `npm start` waits for) stops with the reason, on broken copies of the built codebase: code that
// does not load, options the deploy's checks refuse, a trigger path that does not parse, a param
// with no value, a secret with no local value.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_ENTRY, codebaseCopy } from '../support/codebaseCopy';
import { uniqueProjectId } from '../support/emulators';
import { startReactions } from '../support/reactions';

const index = BUILT_ENTRY;
const START_TIMEOUT = 180_000;

const copies: string[] = [];
afterEach(() => {
  for (const copy of copies.splice(0)) fs.rmSync(copy, { recursive: true, force: true });
});

/** A copy of the built codebase with `edit` applied to one file, removed after the test. */
function brokenCopy(file: string, edit: (code: string) => string): string {
  const copy = codebaseCopy(file, edit);
  copies.push(copy);
  return copy;
}

const start = (copy: string) =>
  startReactions(uniqueProjectId('broken-functions'), { from: 'office@example.edu', organisation: 'Office', functionsDir: copy });

describe('a codebase a deploy would refuse stops the start', () => {
  it(
    'with the error of code that does not load',
    async () => {
      const copy = brokenCopy(index, (code) => code.replace('export const onEventUpdated =', 'export const onEventUpdated = ;'));
      await expect(start(copy)).rejects.toThrow(/could not load .*SyntaxError: Unexpected token ';'/s);
    },
    START_TIMEOUT,
  );

  it(
    'with the trigger and the segment of a document path that does not parse',
    async () => {
      const copy = brokenCopy(index, (code) => code.replace("document: 'invites/{inviteId}'", "document: 'invites/{inviteId'"));
      await expect(start(copy)).rejects.toThrow(
        /us-central1-onInviteWritten-0: the document pattern has an invalid segment "\{inviteId"/,
      );
    },
    START_TIMEOUT,
  );

  it(
    'naming a param the code declares and the run gives no value',
    async () => {
      const copy = brokenCopy(
        path.join('lib', 'functions', 'src', 'mail', 'transport.js'),
        (code) =>
          `${code}\nexport const venue = defineString('VENUE_NAME', { description: 'The venue named in the e-mails' });\n`,
      );
      await expect(start(copy)).rejects.toThrow(/the param VENUE_NAME has no value/);
    },
    START_TIMEOUT,
  );

  it(
    'naming a secret a function declares that has no local value',
    async () => {
      const copy = brokenCopy(path.join('lib', 'functions', 'src', 'mail', 'transport.js'), (code) =>
        code.replace("password: defineSecret('SMTP_PASSWORD')", "password: defineSecret('SMTP_RELAY_KEY')"),
      );
      // Every function that sends mail declares the secret; the message names each of them.
      const refused = start(copy).then(
        () => 'started',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      expect(await refused).toMatch(/has no value for the secrets SMTP_RELAY_KEY \(onEmailReviewWritten\)/);
      expect(await refused).toMatch(/SMTP_RELAY_KEY \(onEventUpdated\)/);
    },
    START_TIMEOUT,
  );
});
