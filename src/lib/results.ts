// Session results: the viewer's own matches and the potential ones (the spec's section 4),
// paging through them, and the matched providers a card lists.

import { RESULTS_PAGE_SIZE } from '../config/constants';
import type { FinalMatch, MatchedProvider } from '../types/finalMatch';

export interface GroupedResults {
  yours: FinalMatch[];
  potential: FinalMatch[];
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const presenterName = (match: FinalMatch) =>
  `${match.presenter_details.first_name} ${match.presenter_details.last_name}`.trim().toLowerCase();

/**
 * "Your Matches": matches whose matched providers include the viewer's e-mail (any case) and do
 * not also include the innovation office's address. Everything else is potential; with no
 * viewer e-mail, everything is. Both lists by presenter name, then id.
 */
export function groupResults(
  matches: readonly FinalMatch[],
  viewerEmail: string | null | undefined,
  officeEmail: string,
): GroupedResults {
  const sorted = [...matches].sort(
    (a, b) => presenterName(a).localeCompare(presenterName(b)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const viewer = viewerEmail?.trim() ?? '';
  if (viewer === '') return { yours: [], potential: sorted };
  const includes = (match: FinalMatch, email: string) =>
    match.matched_providers.some((provider) => sameEmail(provider.provider_details.email, email));
  const isYours = (match: FinalMatch) => includes(match, viewer) && !includes(match, officeEmail);
  return { yours: sorted.filter(isYours), potential: sorted.filter((match) => !isYours(match)) };
}

export interface Page<T> {
  visible: T[];
  hasMore: boolean;
}

/** The first `pagesLoaded` pages of the list (10 per page unless told), and whether more remain. */
export function pageOf<T>(items: readonly T[], pagesLoaded: number, pageSize: number = RESULTS_PAGE_SIZE): Page<T> {
  const count = Math.max(1, pagesLoaded) * pageSize;
  return { visible: items.slice(0, count), hasMore: items.length > count };
}

/** The matched providers a card lists: only those with first name, last name, e-mail and company. */
export function listedProviders(match: FinalMatch): MatchedProvider[] {
  return match.matched_providers.filter(({ provider_details: details }) =>
    [details.first_name, details.last_name, details.email, details.company].every((value) => value.trim() !== ''),
  );
}

/** Whether this matched provider is the viewer (highlighted in the dialog). */
export function isViewer(provider: MatchedProvider, viewerEmail: string | null | undefined): boolean {
  return !!viewerEmail && viewerEmail.trim() !== '' && sameEmail(provider.provider_details.email, viewerEmail);
}
