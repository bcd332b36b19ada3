// storage.rules: event logos are read by everyone and written by admins only, only as raster
// images under 5 MB (an SVG can carry script), the same list as LOGO_CONTENT_TYPES in src/config,
// and only under a logo's name (event_logos/{eventId}_normal.{ext} or _middle.{ext}). Storage
// rules are global to an emulator, not per project, so this file runs them on a local backend of
// its own instead of the shared one (where they would shut other suites' buckets). Through
// @firebase/rules-unit-testing, a fresh client per actor per test; every denial is tried.

import fs from 'node:fs';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOGO_CONTENT_TYPES } from '../../src/config/constants';
import { PNG_1X1 } from '../support/fixtures';
import { upload, useRulesBackend } from '../support/rulesBackend';

const STORAGE_RULES = fs.readFileSync('storage.rules', 'utf8');
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

const { testEnv } = useRulesBackend('rules-storage', { storage: STORAGE_RULES, saveCoverage: true });

beforeEach(async () => {
  await testEnv().clearStorage();
});

const admin = () => testEnv().authenticatedContext('admin-uid', { admin: true });
const provider = () => testEnv().authenticatedContext('alice-uid', { firebase: { sign_in_provider: 'anonymous' } });
const user = () =>
  testEnv().authenticatedContext('user-uid', { firebase: { sign_in_provider: 'password' }, email: 'someone@example.edu' });
const FIVE_MB = 5 * 1024 * 1024;
const visitor = () => testEnv().unauthenticatedContext();

async function seedLogo(path: string): Promise<void> {
  await testEnv().withSecurityRulesDisabled(async (context) => {
    await upload(context, path, PNG_1X1, 'image/png');
  });
}

describe('event_logos', () => {
  describe('an admin', () => {
    it('uploads a PNG logo', async () => {
      await assertSucceeds(upload(admin(), 'event_logos/ev1_normal.png', PNG_1X1, 'image/png'));
    });

    it.each(LOGO_CONTENT_TYPES)('uploads a logo of type %s (LOGO_CONTENT_TYPES)', async (contentType) => {
      await assertSucceeds(upload(admin(), `event_logos/ev1_middle.${contentType.slice('image/'.length)}`, PNG_1X1, contentType));
    });

    it('cannot upload an SVG logo (an SVG can carry script)', async () => {
      await assertFails(upload(admin(), 'event_logos/ev1_normal.svg', SVG, 'image/svg+xml'));
    });

    it('cannot replace a logo with an SVG', async () => {
      await seedLogo('event_logos/ev1_normal.png');
      await assertFails(upload(admin(), 'event_logos/ev1_normal.png', SVG, 'image/svg+xml'));
    });

    it('cannot upload something that is not a raster image', async () => {
      for (const contentType of ['text/html', 'application/pdf', 'image/x-icon', 'image/svg']) {
        await assertFails(upload(admin(), 'event_logos/ev1_normal.png', PNG_1X1, contentType));
      }
    });

    it('replaces and deletes a logo', async () => {
      await seedLogo('event_logos/ev1_normal.png');
      await assertSucceeds(upload(admin(), 'event_logos/ev1_normal.png', PNG_1X1, 'image/png'));
      await assertSucceeds(admin().storage().ref('event_logos/ev1_normal.png').delete());
    });

    it('uploads a logo just under 5 MB, not one of 5 MB or more', async () => {
      await assertSucceeds(upload(admin(), 'event_logos/ev1_normal.png', new Uint8Array(FIVE_MB - 1), 'image/png'));
      await assertFails(upload(admin(), 'event_logos/ev1_middle.png', new Uint8Array(FIVE_MB), 'image/png'));
      await assertFails(upload(admin(), 'event_logos/ev1_middle.png', new Uint8Array(FIVE_MB + 1), 'image/png'));
    });

    it('cannot store files outside event_logos/', async () => {
      await assertFails(upload(admin(), 'elsewhere/ev1_normal.png', PNG_1X1, 'image/png'));
    });

    it('cannot store a logo under another name than {eventId}_normal.{ext} or {eventId}_middle.{ext}', async () => {
      for (const path of [
        'event_logos/ev1_small.png',
        'event_logos/ev1.png',
        'event_logos/_normal.png',
        'event_logos/ev1_normal',
        'event_logos/ev1_normal.svg',
        'event_logos/ev1_normal.png.html',
        'event_logos/ev1 normal.png',
        'event_logos/ev1/ev1_normal.png',
      ]) {
        await assertFails(upload(admin(), path, PNG_1X1, 'image/png'));
      }
    });
  });

  for (const [name, signedIn] of [
    ['a provider (signed in anonymously, not an admin)', provider],
    ['a user signed in with e-mail and password, not an admin', user],
  ] as const) {
    describe(name, () => {
      it('reads a logo', async () => {
        await seedLogo('event_logos/ev1_normal.png');
        await assertSucceeds(signedIn().storage().ref('event_logos/ev1_normal.png').getMetadata());
      });

      it('cannot upload, replace or delete a logo', async () => {
        await assertFails(upload(signedIn(), 'event_logos/ev2_normal.png', PNG_1X1, 'image/png'));
        await seedLogo('event_logos/ev1_normal.png');
        await assertFails(upload(signedIn(), 'event_logos/ev1_normal.png', PNG_1X1, 'image/png'));
        await assertFails(signedIn().storage().ref('event_logos/ev1_normal.png').delete());
      });
    });
  }

  describe('a visitor without a sign-in', () => {
    it('reads a logo', async () => {
      await seedLogo('event_logos/ev1_normal.png');
      await assertSucceeds(visitor().storage().ref('event_logos/ev1_normal.png').getMetadata());
    });

    it('cannot upload or delete a logo', async () => {
      await assertFails(upload(visitor(), 'event_logos/ev2_normal.png', PNG_1X1, 'image/png'));
      await seedLogo('event_logos/ev1_normal.png');
      await assertFails(visitor().storage().ref('event_logos/ev1_normal.png').delete());
    });
  });
});

describe('the allowed logo types', () => {
  it('are the same list in storage.rules as LOGO_CONTENT_TYPES, which the upload form uses', () => {
    const list = /request\.resource\.contentType in \[([^\]]*)\]/.exec(STORAGE_RULES)?.[1] ?? '';
    const inRules = [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]);
    expect(inRules).toEqual([...LOGO_CONTENT_TYPES]);
  });
});
