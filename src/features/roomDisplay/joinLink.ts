// The link the room display's QR code carries: the room's join link on this app's own address,
// /join/{code} with the event's short room code (several rooms may run at once, and a
// phone that joins through it follows this event). It opens the presenter queue: a provider with
// a profile lands on the live queue at once, one without is sent to the profile form and from
// there to the queue (the spec's section 2), so nobody needs the landing page's extra tap. The
// code keeps the printed link short enough to type (an event id is 20 mixed-case characters).

import { paths } from '../../config/paths';
import { roomCode } from '../../lib/roomChoice';

/** The absolute join link of the event on `origin` (for example `https://pitch.example.edu/join/k7mqx`). */
export function joinLink(origin: string, eventId: string): string {
  return new URL(paths.join(roomCode(eventId)), origin).href;
}

/**
 * The link as it is printed for typing by hand: without `https://`, which phones add
 * themselves. A plain `http://` link keeps its scheme, since a phone would try https first.
 */
export function printedLink(link: string): string {
  return link.replace(/^https:\/\//, '');
}
