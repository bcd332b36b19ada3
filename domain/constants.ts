// The domain's numbers (the spec's sections 3, 4 and 9, and DECISIONS.md): what an event, an
// answer and matching may hold. The app's UI constants and timings live in src/config.

export const INITIAL_ROUND_NUMBER = 1;
/** presenter_index when no presenter is live. */
export const NO_PRESENTER_INDEX = -1;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const COMMENT_MAX_LENGTH = 1000;
export const PRESENTER_STATUSES = ['Up Next', 'Completed'] as const;

/** Matching defaults when the event sets none (DECISIONS.md). */
export const DEFAULT_MIN_MATCH_SCORE = 4;
export const DEFAULT_MAX_MATCHES_PER_PRESENTER = 5;

/** Fair scores and conflicts of interest when the event sets neither: the DECISIONS.md scores, conflicts excluded. */
export const DEFAULT_FAIR_SCORES = false;
export const DEFAULT_EXCLUDE_CONFLICTS = true;

/** 'Share feedback with presenters' when the event does not set it: off. */
export const DEFAULT_SHARE_FEEDBACK = false;

/**
 * Fair scores (domain/insights.ts): a provider's ratings are standardised only from this many
 * star ratings in the event. With fewer, their own mean and spread say too little (two ratings
 * of 4 and 5 would turn a 5 into "one deviation above the mean"), so their raw stars count.
 */
export const MIN_RATINGS_TO_STANDARDISE = 5;

/** A presenter's ratings disagree (domain/insights.ts) when the raters' means spread this many stars or more… */
export const DISAGREEMENT_MIN_SPREAD = 1;
/** …among at least this many raters (with two, any two-star gap would flag). */
export const DISAGREEMENT_MIN_RATERS = 3;

/**
 * E-mail domains many unrelated people share, so a shared one is no conflict of interest
 * (docs/matching.md). `name.*` is the name under any country or generic ending (gmx.de, gmx.net, yahoo.co.uk).
 * The domains reserved for examples and tests (RFC 2606 and 6761: example.com, example.net,
 * example.org, and the endings .example, .test, .invalid, .localhost) belong to no organisation
 * either, and the demo and test data use them for everyone; each counts with its subdomains.
 */
export const SHARED_EMAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'outlook.*',
  'hotmail.*',
  'live.*',
  'msn.com',
  'yahoo.*',
  'ymail.com',
  'rocketmail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'protonmail.ch',
  'pm.me',
  'tutanota.com',
  'tuta.io',
  'fastmail.com',
  'hey.com',
  'zoho.com',
  'gmx.*',
  'web.de',
  't-online.de',
  'freenet.de',
  'mail.com',
  'yandex.*',
  'ya.ru',
  'mail.ru',
  'qq.com',
  '163.com',
  '126.com',
  'sina.com',
  'naver.com',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'libero.it',
] as const;

/** Reserved for examples and tests (RFC 2606, RFC 6761): these and every subdomain of them. */
export const RESERVED_EMAIL_DOMAINS = [
  'example.com',
  'example.net',
  'example.org',
  'example',
  'test',
  'invalid',
  'localhost',
] as const;
