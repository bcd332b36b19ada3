// Which files may be an event logo (raster images under 5 MB, as storage.rules say), the message
// a refused file gets, and the logo paths of the spec's section 3 under any extension.

import { describe, expect, it } from 'vitest';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from '../../src/config/constants';
import { checkLogoFile, logoMessages, logoPath, logoVariantOf } from '../../src/lib/logos';

describe('checkLogoFile', () => {
  it.each(LOGO_CONTENT_TYPES)('accepts a %s image', (type) => {
    expect(checkLogoFile({ type, size: 20_000 })).toBeNull();
  });

  it('refuses an SVG, other files and a file of unknown type', () => {
    for (const type of ['image/svg+xml', 'application/pdf', 'text/html', 'image/x-icon', '']) {
      expect(checkLogoFile({ type, size: 1_000 })).toBe('The logo must be a PNG, JPEG, GIF, WebP or AVIF image.');
    }
  });

  it('accepts a file just under 5 MB and refuses one of 5 MB or more', () => {
    expect(LOGO_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(checkLogoFile({ type: 'image/png', size: LOGO_MAX_BYTES - 1 })).toBeNull();
    expect(checkLogoFile({ type: 'image/png', size: LOGO_MAX_BYTES })).toBe('The logo must be smaller than 5 MB.');
    expect(logoMessages.tooLarge).toBe('The logo must be smaller than 5 MB.');
  });
});

describe('logo paths', () => {
  it('stores event_logos/{eventId}_{variant}.{ext}', () => {
    expect(logoPath('ev1', 'normal', 'image/png')).toBe('event_logos/ev1_normal.png');
    expect(logoPath('ev1', 'middle', 'image/jpeg')).toBe('event_logos/ev1_middle.jpg');
    expect(logoPath('ev1', 'middle', 'image/webp')).toBe('event_logos/ev1_middle.webp');
  });

  it("recognises the event's own logos under any extension, and no other event's", () => {
    expect(logoVariantOf('ev1', 'ev1_normal.png')).toBe('normal');
    expect(logoVariantOf('ev1', 'ev1_middle.jpeg')).toBe('middle');
    expect(logoVariantOf('ev1', 'ev10_normal.png')).toBeNull();
    expect(logoVariantOf('ev1', 'xev1_normal.png')).toBeNull();
    expect(logoVariantOf('ev1', 'ev1_normal')).toBeNull();
    expect(logoVariantOf('ev1', 'ev1_other.png')).toBeNull();
    expect(logoVariantOf('ev.1', 'evx1_normal.png')).toBeNull();
    expect(logoVariantOf('ev1_normal', 'ev1_normal_normal.png')).toBe('normal');
    expect(logoVariantOf('ev1', 'ev1_normal_normal.png')).toBeNull();
  });
});
