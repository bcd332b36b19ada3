// The domain's numbers (the spec's sections 3, 4 and 9, and DECISIONS.md): what an event, an
// answer and matching may hold. The app's UI constants and timings live in src/config.

export const INITIAL_ROUND_NUMBER = 1;
/** presenter_index when no presenter is live. */
export const NO_PRESENTER_INDEX = -1;

export const RATING_MAX = 5;
export const COMMENT_MAX_LENGTH = 1000;
export const PRESENTER_STATUSES = ['Up Next', 'Completed'] as const;

/** Matching defaults when the event sets none (DECISIONS.md). */
export const DEFAULT_MIN_MATCH_SCORE = 4;
export const DEFAULT_MAX_MATCHES_PER_PRESENTER = 5;
