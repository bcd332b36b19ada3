// Session results: the viewer's matches, the potential ones, paging and listed providers.

import { describe, expect, it } from 'vitest';
import { groupResults, isViewer, listedProviders, pageOf } from '../../src/lib/results';
import type { FinalMatch } from '../../src/types/finalMatch';
import { defined } from '../support/defined';

const OFFICE = 'innovation@example.edu';

function match(id: string, presenter: string, emails: string[]): FinalMatch {
  return {
    id,
    event_id: 'ev',
    presenter_id: `p-${id}`,
    presenter_details: {
      first_name: presenter,
      last_name: 'X',
      email: `${presenter}@example.com`,
      company: 'Co',
      linkedin_url: null,
      profile_url: null,
    },
    matched_providers: emails.map((email, index) => ({
      provider_id: `prov-${index}`,
      provider_details: { first_name: 'F', last_name: 'L', email, company: 'C' },
    })),
  };
}

const matches = [
  match('1', 'Zoe', ['Grace@Example.com', 'other@example.com']),
  match('2', 'Ada', ['other@example.com']),
  match('3', 'Bea', ['grace@example.com', OFFICE]),
  match('4', 'Cal', ['grace@example.com']),
];

describe('groupResults', () => {
  it("puts matches that include the viewer's e-mail, in any case, under Your Matches", () => {
    const { yours, potential } = groupResults(matches, 'grace@example.com', OFFICE);
    expect(yours.map((item) => item.id)).toEqual(['4', '1']);
    expect(potential.map((item) => item.id)).toEqual(['2', '3']);
  });

  it("leaves a match that also includes the innovation office's address among the potential ones", () => {
    const { potential } = groupResults(matches, 'GRACE@example.com', 'Innovation@Example.edu');
    expect(potential.map((item) => item.id)).toContain('3');
  });

  it('shows everything as potential without a profile e-mail', () => {
    for (const viewer of [null, undefined, '', '  ']) {
      const { yours, potential } = groupResults(matches, viewer, OFFICE);
      expect(yours).toEqual([]);
      expect(potential.map((item) => item.id)).toEqual(['2', '3', '4', '1']);
    }
  });
});

describe('pageOf', () => {
  const items = Array.from({ length: 23 }, (_, index) => index);

  it('shows 10 per page and says whether more remain', () => {
    expect(pageOf(items, 1)).toEqual({ visible: items.slice(0, 10), hasMore: true });
    expect(pageOf(items, 2).visible).toHaveLength(20);
    expect(pageOf(items, 3)).toEqual({ visible: items, hasMore: false });
    expect(pageOf(items.slice(0, 10), 1).hasMore).toBe(false);
  });

  it('always shows at least the first page', () => {
    expect(pageOf(items, 0).visible).toHaveLength(10);
  });
});

describe('listedProviders', () => {
  it('lists only providers with first name, last name, e-mail and company', () => {
    const item = match('1', 'Ada', ['a@example.com', 'b@example.com', 'c@example.com']);
    defined(item.matched_providers[1], 'The second provider').provider_details.company = '';
    defined(item.matched_providers[2], 'The third provider').provider_details.first_name = ' ';
    expect(listedProviders(item).map((provider) => provider.provider_details.email)).toEqual(['a@example.com']);
  });
});

describe('isViewer', () => {
  it("recognises the viewer's own entry by e-mail, in any case", () => {
    const provider = defined(match('1', 'Ada', ['Grace@Example.com']).matched_providers[0], "The viewer's entry");
    expect(isViewer(provider, 'grace@example.com')).toBe(true);
    expect(isViewer(provider, 'someone@example.com')).toBe(false);
    expect(isViewer(provider, null)).toBe(false);
  });
});
