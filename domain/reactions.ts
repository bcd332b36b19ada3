// Which server reactions a change of an event document starts (DECISIONS.md, "Where the server
// reactions run"): the admin console raises a flag, and its reaction runs when the flag has just
// become true. The Cloud Function and the local worker both decide with this.

import type { EventDocument } from './documents.js';

/** The server reactions, in the order they run when raised together (e-mails after matching). */
export const REACTIONS = ['matching', 'emailing'] as const;

export type Reaction = (typeof REACTIONS)[number];

type ReactionFlag = 'is_matching' | 'is_emailing';

const FLAGS: Record<Reaction, ReactionFlag> = { matching: 'is_matching', emailing: 'is_emailing' };

/** The flags as stored; a missing document or field reads as not raised. */
export type ReactionFlags = Partial<Pick<EventDocument, ReactionFlag>> | undefined;

/** The reactions whose flag is true after the change and was not true before it. */
export function reactionsFor(before: ReactionFlags, after: ReactionFlags): Reaction[] {
  return REACTIONS.filter((reaction) => after?.[FLAGS[reaction]] === true && before?.[FLAGS[reaction]] !== true);
}

/**
 * The reactions whose flag is raised now, whatever it was before: what a sweep finds still
 * requested (a run whose trigger was lost, or whose runner died with its claim).
 */
export function raisedReactions(flags: ReactionFlags): Reaction[] {
  return REACTIONS.filter((reaction) => flags?.[FLAGS[reaction]] === true);
}
