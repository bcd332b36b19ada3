// Why one matched provider matched, for admins on the match details (from match_reasons): the
// score and the star questions that made the match, or, for the fallback, that the innovation
// office's contact stands in because nobody reached the minimum score (DECISIONS.md, "Matching").
// The spec has no words for it: these are ours.

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { RATING_MAX } from '../../../domain/constants';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import type { ProviderMatchReasons } from '../../types/matchReasons';

export const reasonMessages = {
  fallback: "Why matched: the innovation office's contact, as no provider reached the minimum score.",
  failed: 'Why these providers matched could not be loaded.',
} as const;

/** A mean of whole stars, to at most two decimals: 4.5, 4.33, 5. */
const formatScore = (score: number) => String(Math.round(score * 100) / 100);

export function ProviderReasons({ name, reasons, fallback }: { name: string; reasons: ProviderMatchReasons; fallback: boolean }) {
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
        {`Why matched: score ${formatScore(reasons.score)} of ${RATING_MAX}`}
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
