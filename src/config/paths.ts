// Every route of the app, in one place (the spec's section 2): the router's patterns, and the
// paths screens link to, built from those same patterns.

/** Route patterns for the router. */
export const routePatterns = {
  welcome: '/welcome',
  home: '/',
  profile: '/profile',
  presenters: '/presenters',
  questions: '/questions/:presenterId',
  results: '/results',
  match: '/match/:id',
  events: '/events',
  event: '/events/:eventId',
  /** The room display for the projector (public: only the event id). */
  screen: '/events/:eventId/screen',
  /** An event's insights for its admins: ratings, leniency, disagreement, conflicts, fair scores. */
  insights: '/events/:eventId/insights',
  invite: '/invite',
  signup: '/signup',
  /** A presenter's feedback from one event; an admin previews a presenter's with ?presenter={id}. */
  feedback: '/feedback/:eventId',
  /** A presenter's or provider's meetings at one event, after matching. */
  meetings: '/meetings/:eventId',
  /** A room's join link: the room display's QR code and printed link; it opens the room's queue. */
  join: '/join/:code',
} as const;

/** A pattern with its `:name` parameters filled in, each encoded as one path segment. */
function fill(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export const paths = {
  welcome: routePatterns.welcome,
  home: routePatterns.home,
  profile: routePatterns.profile,
  presenters: routePatterns.presenters,
  questions: (presenterId: string) => fill(routePatterns.questions, { presenterId }),
  results: routePatterns.results,
  match: (matchId: string) => fill(routePatterns.match, { id: matchId }),
  events: routePatterns.events,
  event: (eventId: string) => fill(routePatterns.event, { eventId }),
  screen: (eventId: string) => fill(routePatterns.screen, { eventId }),
  insights: (eventId: string) => fill(routePatterns.insights, { eventId }),
  invite: routePatterns.invite,
  signup: (inviteId: string) => `${routePatterns.signup}?c=${encodeURIComponent(inviteId)}`,
  feedback: (eventId: string, presenterId?: string) =>
    fill(routePatterns.feedback, { eventId }) + (presenterId ? `?presenter=${encodeURIComponent(presenterId)}` : ''),
  join: (code: string) => fill(routePatterns.join, { code }),
  meetings: (eventId: string) => fill(routePatterns.meetings, { eventId }),
} as const;
