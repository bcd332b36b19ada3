// The statistics behind the organisers' insights (domain/insights.ts): spreads, each
// provider's leniency, standardised ("fair") ratings with their fallback, disagreement per
// presenter, and conflicts of interest; then properties over generated ratings (fast-check):
// fair ratings stay on the 1-5 scale, a provider who rates everyone one star higher gets the same
// fair ratings, conflicts are symmetric and public domains never conflict, agreement means no
// disagreement.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_RATINGS_TO_STANDARDISE } from '../../domain/constants';
import {
  companyKey,
  conflictBetween,
  disagreement,
  emailDomain,
  findConflicts,
  isSharedEmailDomain,
  isStandardised,
  raterStats,
  spreadOf,
  standardisedRating,
  standardiser,
  starRatings,
  type StarRating,
} from '../../domain/insights';
import { defined } from '../support/defined';

/** One provider's ratings of presenters s0, s1, … in order. */
const ratingsBy = (providerId: string, ratings: number[]): StarRating[] =>
  ratings.map((rating, index) => ({ provider_id: providerId, presenter_id: `s${index}`, rating }));

describe('spreadOf', () => {
  it('gives the count, the mean and the population standard deviation', () => {
    expect(spreadOf([2, 4, 4, 4, 5, 5, 7, 9])).toEqual({ count: 8, mean: 5, sd: 2 });
  });

  it('gives zeros for no values, and no spread for equal values', () => {
    expect(spreadOf([])).toEqual({ count: 0, mean: 0, sd: 0 });
    expect(spreadOf([13 / 3, 13 / 3, 13 / 3])).toEqual({ count: 3, mean: 13 / 3, sd: 0 });
  });
});

describe('starRatings', () => {
  it("keeps 'stars' answers rated 1 to 5, not other types, null or off-scale ratings", () => {
    const answers = [
      { id: 'a', type: 'stars' as const, rating: 5 },
      { id: 'b', type: 'stars' as const, rating: 1 },
      { id: 'c', type: 'rating' as const, rating: 4 },
      { id: 'd', type: 'text' as const, rating: null },
      { id: 'e', type: 'stars' as const, rating: null },
      { id: 'f', type: 'stars' as const, rating: 0 },
      { id: 'g', type: 'stars' as const, rating: 6 },
    ];
    expect(starRatings(answers).map((answer) => answer.id)).toEqual(['a', 'b']);
  });
});

describe('raterStats', () => {
  it("gives each provider's count, mean and spread of their stars (leniency)", () => {
    const stats = raterStats([...ratingsBy('kind', [5, 5, 4, 5]), ...ratingsBy('strict', [1, 3])]);
    expect(stats.get('kind')).toEqual({ count: 4, mean: 4.75, sd: Math.sqrt(0.1875) });
    expect(stats.get('strict')).toEqual({ count: 2, mean: 2, sd: 1 });
    expect([...stats.keys()].sort()).toEqual(['kind', 'strict']);
  });
});

describe('standardisedRating', () => {
  const scale = { count: 100, mean: 3, sd: 1 };

  it("maps the provider's z-score onto the event's mean and spread", () => {
    const lenient = { count: 10, mean: 4.5, sd: 0.5 };
    expect(standardisedRating(4.5, lenient, scale)).toBe(3);
    expect(standardisedRating(5, lenient, scale)).toBe(4);
    expect(standardisedRating(4, lenient, scale)).toBe(2);
  });

  it('clamps to 1..5', () => {
    const harsh = { count: 10, mean: 1.5, sd: 0.5 };
    expect(standardisedRating(5, harsh, scale)).toBe(5);
    const lenient = { count: 10, mean: 4.8, sd: 0.4 };
    expect(standardisedRating(1, lenient, scale)).toBe(1);
  });

  it(`keeps the raw rating of a provider with fewer than ${MIN_RATINGS_TO_STANDARDISE} ratings, no spread, or no stats`, () => {
    expect(MIN_RATINGS_TO_STANDARDISE).toBe(5);
    expect(standardisedRating(5, { count: 4, mean: 4, sd: 1 }, scale)).toBe(5);
    expect(standardisedRating(4, { count: 12, mean: 4, sd: 0 }, scale)).toBe(4);
    expect(standardisedRating(2, undefined, scale)).toBe(2);
    expect(standardisedRating(2, { count: 5, mean: 4, sd: 1 }, { count: 5, mean: 4, sd: 0 })).toBe(2);
    expect(isStandardised({ count: 5, mean: 4, sd: 1 })).toBe(true);
    expect(isStandardised({ count: 4, mean: 4, sd: 1 })).toBe(false);
  });
});

describe('standardiser', () => {
  it("turns a lenient provider's 4 into a low fair rating and a harsh provider's 3 into a high one", () => {
    const ratings = [...ratingsBy('kind', [5, 5, 5, 4, 5, 5]), ...ratingsBy('strict', [1, 2, 1, 3, 1, 2])];
    const fair = standardiser(ratings);
    expect(fair('kind', 4)).toBeLessThan(fair('strict', 3));
    expect(fair('strict', 3)).toBe(5);
    // A provider the standardiser has no stats for keeps their stars.
    expect(fair('newcomer', 4)).toBe(4);
  });
});

describe('disagreement', () => {
  it("is the spread of the raters' own means, flagged at 1 star or more among 3 raters or more", () => {
    const ratings: StarRating[] = [
      { provider_id: 'a', presenter_id: 'split', rating: 5 },
      { provider_id: 'a', presenter_id: 'split', rating: 5 },
      { provider_id: 'b', presenter_id: 'split', rating: 5 },
      { provider_id: 'c', presenter_id: 'split', rating: 2 },
      { provider_id: 'a', presenter_id: 'calm', rating: 4 },
      { provider_id: 'b', presenter_id: 'calm', rating: 4 },
      { provider_id: 'c', presenter_id: 'calm', rating: 3 },
      { provider_id: 'a', presenter_id: 'pair', rating: 5 },
      { provider_id: 'b', presenter_id: 'pair', rating: 1 },
    ];
    const result = disagreement(ratings);
    expect(result.get('split')).toEqual({ count: 3, mean: 4, sd: Math.sqrt(2), flagged: true });
    expect(result.get('calm')?.flagged).toBe(false);
    expect(defined(result.get('calm'), 'calm').sd).toBeCloseTo(0.471, 3);
    // Two raters far apart: a spread of 2, but not flagged.
    expect(result.get('pair')).toEqual({ count: 2, mean: 3, sd: 2, flagged: false });
  });

  it('flags a spread of exactly 1 star', () => {
    const ratings = ['a', 'b', 'c', 'd'].map((provider, index) => ({
      provider_id: provider,
      presenter_id: 'edge',
      rating: index < 2 ? 5 : 3,
    }));
    expect(disagreement(ratings).get('edge')).toEqual({ count: 4, mean: 4, sd: 1, flagged: true });
  });
});

describe('conflicts of interest', () => {
  it('compares company names without case, accents, punctuation, spaces or legal forms', () => {
    expect(companyKey('Acme, Inc.')).toBe('acme');
    expect(companyKey('ACME Inc')).toBe('acme');
    expect(companyKey('Acme')).toBe('acme');
    expect(companyKey('Müller GmbH & Co. KG')).toBe('muller');
    expect(companyKey('Med-Start Ltd.')).toBe('medstart');
    expect(companyKey('MedStart Limited')).toBe('medstart');
    expect(companyKey('The Harbor Labs LLC')).toBe('harborlabs');
    expect(companyKey('S.p.A.')).toBe('spa');
    expect(companyKey('  ')).toBe('');
  });

  it('reads the e-mail domain in lower case', () => {
    expect(emailDomain('Ada@PulseLoop.io')).toBe('pulseloop.io');
    expect(emailDomain('not an address')).toBe('');
  });

  it('knows public and reserved e-mail domains, with any ending for name.* entries', () => {
    for (const domain of [
      'gmail.com',
      'googlemail.com',
      'outlook.com',
      'hotmail.co.uk',
      'gmx.de',
      'gmx.net',
      'web.de',
      'yandex.ru',
    ])
      expect(isSharedEmailDomain(domain)).toBe(true);
    for (const domain of ['qq.com', '163.com', 'proton.me', 'icloud.com', 'example.com', 'rehearsal.example.com', 'lab.test'])
      expect(isSharedEmailDomain(domain)).toBe(true);
    for (const domain of ['pulseloop.io', 'live.acme.com', 'gmx-partners.com', 'examples.com'])
      expect(isSharedEmailDomain(domain)).toBe(false);
  });

  it('finds the same company first, then the same e-mail domain, never a public or empty one', () => {
    expect(conflictBetween({ company: 'PulseLoop Inc.', email: 'a@gmail.com' }, { company: 'pulseloop', email: 'b@x.io' })).toBe(
      'same company',
    );
    expect(conflictBetween({ company: 'A', email: 'a@pulseloop.io' }, { company: 'B', email: 'b@PulseLoop.io' })).toBe(
      'same e-mail domain',
    );
    expect(
      conflictBetween({ company: 'PulseLoop', email: 'a@pulseloop.io' }, { company: 'PulseLoop', email: 'b@pulseloop.io' }),
    ).toBe('same company');
    expect(conflictBetween({ company: 'A', email: 'a@gmail.com' }, { company: 'B', email: 'b@gmail.com' })).toBeNull();
    expect(conflictBetween({ company: '', email: '' }, { company: '', email: '' })).toBeNull();
  });

  it('lists every conflicted pair by presenter, then provider', () => {
    const providers = {
      p2: { company: 'Kaizen Ventures', email: 'hiro@kaizen.vc' },
      p1: { company: 'PulseLoop GmbH', email: 'jo@gmail.com' },
      constructor: { company: 'Elsewhere', email: 'x@elsewhere.org' },
    };
    const presenters = {
      ada: { company: 'PulseLoop', email: 'ada@pulseloop.io' },
      kim: { company: 'Kim Labs', email: 'kim@kaizen.vc' },
    };
    expect(findConflicts(providers, presenters)).toEqual([
      { provider_id: 'p1', presenter_id: 'ada', reason: 'same company' },
      { provider_id: 'p2', presenter_id: 'kim', reason: 'same e-mail domain' },
    ]);
  });
});

// --- Properties -------------------------------------------------------------------------------

const PROVIDERS = ['p1', 'p2', 'p3', 'p4'];
const PRESENTERS = ['s1', 's2', 's3', 's4', 's5', 's6'];

const arbitraryRatings = (max = 5) =>
  fc.array(
    fc.record({
      provider_id: fc.constantFrom(...PROVIDERS),
      presenter_id: fc.constantFrom(...PRESENTERS),
      rating: fc.integer({ min: 1, max }),
    }),
    { maxLength: 60 },
  );

const domains = ['gmail.com', 'gmx.de', 'outlook.com', 'example.com', 'acme.io', 'Acme.io', 'beta.org', ''];
const arbitraryParty = fc.record({
  company: fc.constantFrom('Acme', 'ACME Inc.', 'Beta GmbH', 'beta', '', 'Gamma & Co'),
  email: fc.constantFrom(...domains).chain((domain) => fc.constantFrom(`a@${domain}`, `b@${domain}`, 'nobody')),
});

describe('insights: properties', () => {
  it('keeps fair ratings on the 1-5 scale', () => {
    fc.assert(
      fc.property(arbitraryRatings(), (ratings) => {
        const fair = standardiser(ratings);
        for (const rating of ratings) {
          const value = fair(rating.provider_id, rating.rating);
          expect(value).toBeGreaterThanOrEqual(1);
          expect(value).toBeLessThanOrEqual(5);
        }
      }),
    );
  });

  it('gives a provider who rates everyone one star higher the same fair ratings', () => {
    fc.assert(
      fc.property(arbitraryRatings(4), fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 10 }), (others, own) => {
        // 'twin' rates exactly as 'self' does, one star higher, in the same event.
        const ratings = [
          ...others,
          ...ratingsBy('self', own),
          ...ratingsBy(
            'twin',
            own.map((rating) => rating + 1),
          ),
        ];
        const fair = standardiser(ratings);
        for (const rating of own) {
          const self = fair('self', rating);
          const twin = fair('twin', rating + 1);
          if (isStandardised(raterStats(ratings).get('self'))) expect(twin).toBeCloseTo(self, 9);
          else expect([self, twin]).toEqual([rating, rating + 1]);
        }
      }),
    );
  });

  it('gives the same statistics whatever order the ratings come in', () => {
    fc.assert(
      fc.property(
        arbitraryRatings().chain((ratings) =>
          fc.tuple(fc.constant(ratings), fc.shuffledSubarray(ratings, { minLength: ratings.length, maxLength: ratings.length })),
        ),
        ([ratings, shuffled]) => {
          expect(raterStats(shuffled)).toEqual(raterStats(ratings));
          expect(disagreement(shuffled)).toEqual(disagreement(ratings));
          const [fair, fairShuffled] = [standardiser(ratings), standardiser(shuffled)];
          for (const rating of ratings)
            expect(fairShuffled(rating.provider_id, rating.rating)).toBe(fair(rating.provider_id, rating.rating));
        },
      ),
    );
  });

  it('finds conflicts symmetrically, and never on a public or reserved e-mail domain alone', () => {
    fc.assert(
      fc.property(arbitraryParty, arbitraryParty, (a, b) => {
        const reason = conflictBetween(a, b);
        expect(conflictBetween(b, a)).toBe(reason);
        if (reason === 'same e-mail domain') expect(isSharedEmailDomain(emailDomain(a.email))).toBe(false);
        if (isSharedEmailDomain(emailDomain(a.email))) expect(reason === null || reason === 'same company').toBe(true);
      }),
    );
  });

  it('finds no disagreement when every rater gives a presenter the same ratings', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 8 }),
        (given, raters) => {
          const ratings = Array.from({ length: raters }, (_, rater) =>
            given.map((rating) => ({ provider_id: `r${rater}`, presenter_id: 'sam', rating })),
          ).flat();
          const result = defined(disagreement(ratings).get('sam'), "sam's disagreement");
          expect(result.sd).toBe(0);
          expect(result.count).toBe(raters);
          expect(result.flagged).toBe(false);
        },
      ),
    );
  });
});
