// The link the room display's QR code carries: the provider app's presenter queue on this app's
// own address. /presenters rather than /: a provider with a profile lands on the live queue at
// once, one without is sent to the profile form and from there to the queue (the spec's
// section 2), so nobody needs the landing page's extra tap.

import { paths } from '../../config/paths';

/** The absolute join link on `origin` (for example `https://pitch.example.edu/presenters`). */
export function joinLink(origin: string): string {
  return new URL(paths.presenters, origin).href;
}

/**
 * The link as it is printed for typing by hand: without `https://`, which phones add
 * themselves. A plain `http://` link keeps its scheme, since a phone would try https first.
 */
export function printedLink(link: string): string {
  return link.replace(/^https:\/\//, '');
}
