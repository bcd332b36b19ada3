import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchFailure } from '../../src/lib/watchFailure';

describe('watchFailure', () => {
  afterEach(() => vi.restoreAllMocks());

  it("says the screen's sentence and the SDK's error in the console, then shows the failure", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const shown: string[] = [];
    const error = Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });
    watchFailure('The meetings could not be loaded.', () => shown.push('failed'))(error);
    expect(warn).toHaveBeenCalledWith('The meetings could not be loaded.', error);
    expect(shown).toEqual(['failed']);
  });
});
