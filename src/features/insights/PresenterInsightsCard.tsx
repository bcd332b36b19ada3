// One presenter on the insights page (docs/exports-and-insights.md): how many rated them, the Disagreement
// and conflict-of-interest flags, a chart per star question, the comments and, when the event
// corrects for lenient and harsh raters, the matches without and with fair scores side by side.

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RATING_MAX } from '../../../domain/constants';
import { HeadingWithDetail } from '../../components/HeadingWithDetail';
import type { PresenterInsights, RankedProvider } from './insightFigures';
import { QuestionFigure } from './questionFigures';
import { meetingCountsText, type MeetingCounts } from '../../lib/meetingRows';

export const presenterInsightMessages = {
  ratings: (count: number) => `${count} ${count === 1 ? 'rating' : 'ratings'}`,
  disagreement: 'Disagreement',
  conflict: 'Conflict of interest',
  conflictLine: (name: string, reason: string) => `Conflict of interest: ${name} (${reason})`,
  noRatings: 'No ratings yet.',
  noComments: 'No comments.',
  noMatch: 'No provider reaches the minimum score.',
  withoutFair: 'Without fair scores',
  withFair: 'With fair scores',
} as const;

/** A score to two decimals at most: 4.5, 4.33, 5. */
const formatScore = (score: number) => String(Math.round(score * 100) / 100);

function Ranking({ title, ranking }: { title: string; ranking: RankedProvider[] }) {
  return (
    <Box>
      <Typography variant="body2" component="h4" sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      {ranking.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {presenterInsightMessages.noMatch}
        </Typography>
      ) : (
        <Box component="ol" aria-label={title} sx={{ m: 0, pl: 2.5 }}>
          {ranking.map((provider) => (
            <Typography key={provider.providerId} component="li" variant="body2">
              {`${provider.name}: ${formatScore(provider.score)} of ${RATING_MAX}`}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

export function PresenterInsightsCard({
  presenter,
  fairScores,
  meetings = null,
}: {
  presenter: PresenterInsights;
  fairScores: boolean;
  /** The presenter's meetings after matching, when the event has them. */
  meetings?: MeetingCounts | null;
}) {
  const headingId = `insights-presenter-${presenter.presenterId}`;
  return (
    <Paper component="article" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <HeadingWithDetail id={headingId} variant="h6" component="h3" detail={presenter.company}>
          {presenter.name}
        </HeadingWithDetail>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip label={presenterInsightMessages.ratings(presenter.raters)} />
          {presenter.disagreement?.flagged && <Chip color="warning" label={presenterInsightMessages.disagreement} />}
          {presenter.conflicts.length > 0 && <Chip color="error" label={presenterInsightMessages.conflict} />}
          {meetings && <Chip variant="outlined" label={meetingCountsText(meetings)} />}
        </Stack>
        {presenter.conflicts.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {presenter.conflicts.map((conflict) => (
              <Typography key={conflict.providerId} component="li" variant="body2">
                {presenterInsightMessages.conflictLine(conflict.name, conflict.reason)}
              </Typography>
            ))}
          </Box>
        )}

        {presenter.raters === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {presenterInsightMessages.noRatings}
          </Typography>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
            }}
          >
            {presenter.questions.map((figure) => (
              <QuestionFigure key={figure.questionId} figure={figure} />
            ))}
          </Box>
        )}

        <Box>
          <Typography variant="subtitle2" component="h4">
            Comments
          </Typography>
          {presenter.comments.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {presenterInsightMessages.noComments}
            </Typography>
          ) : (
            <Box component="ul" aria-label={`Comments on ${presenter.name}`} sx={{ m: 0, pl: 2.5 }}>
              {presenter.comments.map((comment) => (
                <Typography key={comment.id} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {`“${comment.text}”`}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {` (${comment.providerName}, ${comment.questionTitle})`}
                  </Typography>
                </Typography>
              ))}
            </Box>
          )}
        </Box>

        {fairScores && (
          <Box component="section" aria-label={`Matches of ${presenter.name} without and with fair scores`}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
              <Ranking title={presenterInsightMessages.withoutFair} ranking={presenter.matches.plain} />
              <Ranking title={presenterInsightMessages.withFair} ranking={presenter.matches.fair} />
            </Box>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
