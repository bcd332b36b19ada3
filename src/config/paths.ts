// Every route of the app, in one place (the spec's section 2). Screens link through these.

export const paths = {
  welcome: '/welcome',
  home: '/',
  profile: '/profile',
  presenters: '/presenters',
  questions: (presenterId: string) => `/questions/${encodeURIComponent(presenterId)}`,
  results: '/results',
  match: (matchId: string) => `/match/${encodeURIComponent(matchId)}`,
  events: '/events',
  event: (eventId: string) => `/events/${encodeURIComponent(eventId)}`,
  invite: '/invite',
  signup: (inviteId: string) => `/signup?c=${encodeURIComponent(inviteId)}`,
} as const;

/** Route patterns for the router, matching `paths`. */
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
  invite: '/invite',
  signup: '/signup',
} as const;
