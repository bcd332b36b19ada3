// Event logos through the app's own Storage module: an upload comes back as a download URL that
// serves the same bytes, under the spec's event_logos/{eventId}_{variant}.{ext} name; a type
// that is not a raster image is refused before anything is sent; deleting is idempotent.

import { describe, expect, it } from 'vitest';
import { PNG_1X1 } from '../support/fixtures';
import { pointAppAtEmulators } from './appDb';

await pointAppAtEmulators('storage');
const { deleteEventLogo, uploadEventLogo } = await import('../../src/db/storage');

describe('event logos', () => {
  it('uploads a PNG and returns a download URL that serves it', async () => {
    const url = await uploadEventLogo('ev-logo', 'normal', new Blob([PNG_1X1], { type: 'image/png' }));
    expect(decodeURIComponent(url)).toContain('event_logos/ev-logo_normal.png');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG_1X1);

    await deleteEventLogo(url);
    expect((await fetch(url)).status).toBe(404);
    await expect(deleteEventLogo(url)).resolves.toBeUndefined();
  });

  it('refuses an SVG before sending it', async () => {
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: 'image/svg+xml' });
    await expect(uploadEventLogo('ev-logo', 'middle', svg)).rejects.toThrow(
      'A logo must be a PNG, JPEG, GIF, WebP or AVIF image (got image/svg+xml).',
    );
  });
});
