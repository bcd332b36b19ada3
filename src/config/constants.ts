// The app's UI constants, limits and timings (the spec's section 9), in one place. The domain's
// numbers (rounds, ratings, matching defaults) are in domain/constants.ts.

export const RATING_PRECISION = 1;
export const PHONE_FORMAT = '(###) ###-####';
export const RESULTS_PAGE_SIZE = 10;
/**
 * Event logos: raster images only. An SVG can carry script, so it is refused here and in
 * storage.rules alike.
 */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'] as const;
/** A logo must be smaller than this: storage.rules refuse 5 MB and more (size < 5 * 1024 * 1024). */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
/**
 * The browser storage items: the spec's 'profile' and 'presenters', and 'admin-session', which
 * marks a browser where an admin is signed in, so that the admin screens know at once whether
 * to show the sign-in form or wait for the kept sign-in, and 'room', the event a phone chose
 * when several are open (src/lib/roomChoice.ts). In the tab's session storage: 'reloaded-for-update',
 * when the tab last reloaded because the app's code failed to load (src/lib/staleCode.ts), and
 * 'drafts', what is typed into a form and not yet saved (src/lib/drafts.ts).
 */
export const STORAGE_KEYS = {
  profile: 'profile',
  presenters: 'presenters',
  adminSession: 'admin-session',
  room: 'room',
  reloadedForUpdate: 'reloaded-for-update',
  drafts: 'drafts',
} as const;

/** Every delay and duration of the UI, in milliseconds. */
export const timings = {
  profileSlowSaveMs: 30_000,
  redirectAfterProfileSaveMs: 2_000,
  redirectAfterResponsesMs: 1_000,
  redirectAfterSignupMs: 2_000,
  profileToastMs: 6_000,
  signupToastMs: 6_000,
  adminToastMs: 4_000,
  livePresenterNoticeMs: 3_000,
  countdownRefreshMs: 1_000,
  liveDotBlinkMs: 1_000,
  matchHighlightMs: 1_500,
  /**
   * How long Submit waits for the server's confirmation before telling the provider the answers
   * are kept on the device (weak Wi-Fi can look online while nothing gets through).
   */
  responsesSyncWaitMs: 5_000,
  /**
   * How long the backend may go unanswered, after a request missed it, before 'Internet Error!'
   * shows (venue Wi-Fi can be up with nothing behind it); an answer within it shows nothing.
   */
  connectionGraceMs: 4_000,
  /** The pause between two checks of the backend while it is in doubt or unreachable. */
  connectionCheckMs: 3_000,
  /**
   * How often the backend is checked while it answers and the page is shown: on Wi-Fi with no
   * internet the live listener's connection hangs instead of failing, and tells nothing.
   */
  connectionHeartbeatMs: 15_000,
  /** How long one check of the backend waits for an answer. */
  connectionCheckTimeoutMs: 10_000,
  /**
   * The longest a background start (fetching and starting Auth) waits for the browser to be idle
   * after the first screen has painted.
   */
  backgroundStartMaxMs: 2_000,
  /**
   * How long a profile's Save waits for Firestore Lite's one commit before the full SDK writes it
   * instead (and keeps it until the network is back: src/db/profileSave.ts).
   */
  liteSaveWaitMs: 5_000,
  /** Toasts of screens the spec gives no duration for. */
  defaultToastMs: 4_000,
  /** How long a phone remembers the room it joined or chose (a day's sessions; src/lib/roomChoice.ts). */
  roomChoiceKeepMs: 12 * 60 * 60 * 1000,
  /**
   * How long an admin screen's Storage read (a logo's bytes or metadata) retries before it fails,
   * instead of the SDK's two minutes: an admin in front of an audience needs an answer within
   * seconds. A download the bucket's CORS configuration refuses this site looks like no connection
   * to the SDK, so this is also how soon that is reported. Uploads keep the SDK's own limit.
   */
  storageReadRetryMs: 20_000,
  /**
   * After a reload for code that failed to load, how long a further failure shows 'The app was
   * updated' instead of reloading again (src/lib/staleCode.ts).
   */
  staleCodeReloadGuardMs: 60_000,
  /**
   * How often a screen showing the pitch timer measures the server's clock again
   * (src/db/serverClock.ts): device clocks drift by seconds a day, and each measure is a read.
   */
  serverClockRefreshMs: 5 * 60 * 1000,
  /** How soon it measures again while its estimate is unsure by over 100 ms (a bad network). */
  serverClockRetryMs: 30_000,
  /**
   * A read of the server's clock that took longer than this there and back says little (it could
   * be off by half of it): it counts only while there is nothing better.
   */
  serverClockMaxRoundTripMs: 1_000,
  /** A measure of the server's clock that does not answer within this is dropped (and tried again later). */
  serverClockTimeoutMs: 5_000,
} as const;

/** MUI breakpoints of the layout, in pixels. */
export const breakpoints = { sm: 600, md: 900 } as const;
