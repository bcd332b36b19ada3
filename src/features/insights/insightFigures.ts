// The insights page's figures (docs/exports-and-insights.md), computed from what src/db/insights.ts reads:
// per presenter the raters, each question's figure (questionFigures.tsx), the comments, the
// disagreement flag, the conflicts of interest and the matches without and with fair scores; per
// provider how many presenters they rated and their leniency. The statistics themselves are
// domain/insights.ts's and the matching domain/matching.ts's, so the page and the server agree.

import type { ConflictReason, ProviderDetails } from '../../../domain/documents';
import { entryKind } from '../../../domain/displayStatus';
import { disagreement, findConflicts, raterStats, starRatings, type Disagreement, type Spread } from '../../../domain/insights';
import { matchEvent, type MatchResponse } from '../../../domain/matching';
import type { EventInsightsData } from '../../db/insights';
import type { TimedResponse } from '../../lib/exportRows';
import { commentTexts, questionInsight, type QuestionInsight } from './questionFigures';

export interface InsightComment {
  id: string;
  providerName: string;
  questionTitle: string;
  text: string;
}

export interface RankedProvider {
  providerId: string;
  name: string;
  score: number;
}

export interface PresenterConflict {
  providerId: string;
  name: string;
  reason: ConflictReason;
}

export interface PresenterInsights {
  presenterId: string;
  name: string;
  company: string;
  /** Providers who answered at least one question about the presenter. */
  raters: number;
  /** One per question with a figure of its own (a chart of a star question), in question order. */
  questions: QuestionInsight[];
  /** Text answers and comments, in question order, then by time. */
  comments: InsightComment[];
  /** Null without star ratings. */
  disagreement: Disagreement | null;
  conflicts: PresenterConflict[];
  /** Who matching would match, best first, without and with fair scores (empty: nobody reached the minimum score). */
  matches: { plain: RankedProvider[]; fair: RankedProvider[] };
}

export interface ProviderInsights {
  providerId: string;
  name: string;
  company: string;
  /** Presenters they answered at least one question about. */
  presentersRated: number;
  /** The count, mean and spread of their star ratings. */
  leniency: Spread;
}

export interface EventInsights {
  presenters: PresenterInsights[];
  providers: ProviderInsights[];
}

const fullName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim();

type Presenters = EventInsightsData['presenters'];

/** Who matching would match with each presenter (by id), best first, with fair scores or without; empty for the fallback. */
function rankings(data: EventInsightsData, presenters: Presenters, fallback: ProviderDetails, fairScores: boolean) {
  const { event, questions, providers, responses } = data;
  const results = matchEvent({
    eventId: event.id,
    presenterIds: presenters.map((presenter) => presenter.id),
    presenters: Object.fromEntries(presenters.map((presenter) => [presenter.id, presenter])),
    questions: Object.fromEntries(questions.map((question) => [question.question_id, question])),
    providers: Object.fromEntries(providers.map((provider) => [provider.user_id, provider])),
    responses: responses.map((response): MatchResponse => ({
      ...response,
      answeredAt: response.updated_at?.getTime() ?? Number.MAX_SAFE_INTEGER,
    })),
    minScore: event.minMatchScore,
    maxMatches: event.maxMatchesPerPresenter,
    fallback,
    fairScores,
    excludeConflicts: event.excludeConflicts,
  });
  return new Map(
    results.map((result): [string, RankedProvider[]] => [
      result.presenter_id,
      result.fallback
        ? []
        : result.matched_providers.map((match) => ({
            providerId: match.provider_id,
            name: fullName(match.provider_details),
            score: match.score,
          })),
    ]),
  );
}

/** The event's insights; `fallback` is the innovation office's contact, matching's fallback match. */
export function eventInsights(data: EventInsightsData, fallback: ProviderDetails): EventInsights {
  const { questions, responses } = data;
  const presenters = data.presenters.filter((presenter) => entryKind(presenter) === 'presenter');
  const providerById = new Map(data.providers.map((provider) => [provider.user_id, provider]));
  const providerName = (id: string) => {
    const provider = providerById.get(id);
    return provider ? fullName(provider) || id : id;
  };
  const questionTitle = new Map(questions.map((question) => [question.question_id, question.title]));
  const questionOrder = new Map(questions.map((question, position) => [question.question_id, position]));
  const byQuestionThenTime = (a: TimedResponse, b: TimedResponse) =>
    (questionOrder.get(a.question_id) ?? 0) - (questionOrder.get(b.question_id) ?? 0) ||
    (a.updated_at?.getTime() ?? 0) - (b.updated_at?.getTime() ?? 0);
  const stars = starRatings(responses.filter((response) => questionTitle.has(response.question_id)));

  const spreads = disagreement(stars);
  const conflicts = findConflicts(
    Object.fromEntries(data.providers.map((provider) => [provider.user_id, provider])),
    Object.fromEntries(presenters.map((presenter) => [presenter.id, presenter])),
  );
  const plain = rankings(data, presenters, fallback, false);
  const fair = rankings(data, presenters, fallback, true);

  const presenterInsights = presenters.map((presenter): PresenterInsights => {
    const own = responses.filter((response) => response.presenter_id === presenter.id && questionTitle.has(response.question_id));
    return {
      presenterId: presenter.id,
      name: fullName(presenter),
      company: presenter.company,
      raters: new Set(own.map((response) => response.provider_id)).size,
      questions: questions.flatMap(
        (question) =>
          questionInsight(
            question,
            own.filter((response) => response.question_id === question.question_id),
          ) ?? [],
      ),
      comments: [...own].sort(byQuestionThenTime).flatMap((response) =>
        commentTexts(response)
          .filter((text): text is string => text !== null && text.trim() !== '')
          .map((text, index) => ({
            id: `${response.response_id}-${index}`,
            providerName: providerName(response.provider_id),
            questionTitle: questionTitle.get(response.question_id) ?? '',
            text,
          })),
      ),
      disagreement: spreads.get(presenter.id) ?? null,
      conflicts: conflicts
        .filter((conflict) => conflict.presenter_id === presenter.id)
        .map((conflict) => ({
          providerId: conflict.provider_id,
          name: providerName(conflict.provider_id),
          reason: conflict.reason,
        })),
      matches: { plain: plain.get(presenter.id) ?? [], fair: fair.get(presenter.id) ?? [] },
    };
  });

  const leniency = raterStats(stars);
  const providers = [...new Set(responses.map((response) => response.provider_id))]
    .map((id): ProviderInsights => ({
      providerId: id,
      name: providerName(id),
      company: providerById.get(id)?.company ?? '',
      presentersRated: new Set(
        responses.filter((response) => response.provider_id === id).map((response) => response.presenter_id),
      ).size,
      leniency: leniency.get(id) ?? { count: 0, mean: 0, sd: 0 },
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || (a.providerId < b.providerId ? -1 : 1));

  return { presenters: presenterInsights, providers };
}
