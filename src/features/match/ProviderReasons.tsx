// Why one matched provider matched, for admins on the match details (from match_reasons): the
// score (a fair score when the event corrects for lenient and harsh raters) and the star
// questions that made the match, or, for the fallback, that the innovation office's contact
// stands in because nobody reached the minimum score (DECISIONS.md, "Matching"); and who was not
// matched because of a conflict of interest. The spec has no words for it: these are ours.

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { RATING_MAX } from '../../../domain/constants';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import type { ExcludedConflict, ProviderMatchReasons } from '../../types/matchReasons';

export const reasonMessages = {
  fallback: "Why matched: the innovation office's contact, as no provider reached the minimum score.",
  failed: 'Why these providers matched could not be loaded.',
  fairScore: ', corrected for lenient and harsh raters',
  conflict: (conflict: ExcludedConflict) =>
    `Not matched because of a conflict of interest: ${conflict.name} (${conflict.reason})`,
} as const;

/** A mean of whole stars, to at most two decimals: 4.5, 4.33, 5. */
const formatScore = (score: number) => String(Math.round(score * 100) / 100);

interface ProviderReasonsProps {
  name: string;
  reasons: ProviderMatchReasons;
  fallback: boolean;
  /** The score is a fair score (the event's `fair_scores`). */
  fairScores?: boolean;
}

export function ProviderReasons({ name, reasons, fallback, fairScores = false }: ProviderReasonsProps) {
  if (fallback) {
    return (
      <Typography variant="body2" color="text.secondary">
        {reasonMessages.fallback}
      </Typography>
    );
  }
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {`Why matched: score ${formatScore(reasons.score)} of ${RATING_MAX}${fairScores ? reasonMessages.fairScore : ''}`}
      </Typography>
      {reasons.reasons.length > 0 && (
        <Box component="ul" aria-label={`${name}'s ratings that made the match`} sx={{ m: 0, pl: 2.5 }}>
          {reasons.reasons.map((reason) => (
            <Typography key={reason.question_id} component="li" variant="body2" color="text.secondary">
              {reason.title} <span aria-hidden="true">★</span> {reason.rating}
              <VisuallyHidden>{` of ${RATING_MAX} stars`}</VisuallyHidden>
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The providers left out of a presenter's matches because of a conflict of interest, one line each. */
export function ExcludedConflicts({ conflicts }: { conflicts: ExcludedConflict[] }) {
  if (conflicts.length === 0) return null;
  return (
    <Box component="ul" aria-label="Conflicts of interest" sx={{ m: 0, pl: 2.5 }}>
      {conflicts.map((conflict) => (
        <Typography key={conflict.provider_id} component="li" variant="body2" color="text.secondary">
          {reasonMessages.conflict(conflict)}
        </Typography>
      ))}
    </Box>
  );
}
