// Live rating progress on the control screen (docs/exports-and-insights.md): for the live presenter and each
// finished one of the current round, 'n of m rated', so the admin knows when to move on, and the
// link to the event's insights. n: providers who answered at least one question about the
// presenter; m: the most providers who have rated any of these presenters, the room as its
// ratings show it (src/db/ratingProgress.ts says why the counts are aggregation queries).
// The live presenter is counted every 5 s while the screen is visible, the finished ones every
// 30 s, and all of them at once when the live presenter changes or the screen comes back.

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { entryKind } from '../../../../domain/displayStatus';
import { currentRoundEntries } from '../../../../domain/rounds';
import { useLoad } from '../../../components/useLoad';
import { paths } from '../../../config/paths';
import { getQuestions } from '../../../db/questions';
import { getRatedCounts } from '../../../db/ratingProgress';
import type { Event } from '../../../types/event';

/** How often the live presenter's count is read. */
export const PROGRESS_REFRESH_MS = 5_000;
/** Every how many refreshes the finished presenters are counted again (every 30 s). */
const FINISHED_EVERY = 6;

export const progressMessages = {
  failed: 'Rating progress could not be read. It is tried again in a few seconds.',
  questionsFailed: 'Rating progress could not be read. Reload the page to try again.',
  rated: (rated: number, following: number) => `${rated} of ${following} rated`,
} as const;

interface Shown {
  id: string;
  name: string;
  live: boolean;
}

/** The live presenter and the finished ones of the current round, live first (special entries left out). */
function shownPresenters(event: Event): Shown[] {
  const shown = currentRoundEntries(event)
    .slice(0, Math.max(0, event.presenterIndex + 1))
    .map((entry, position) => ({
      id: entry.presenter_id,
      name: `${entry.first_name} ${entry.last_name}`.trim(),
      live: position === event.presenterIndex,
      kind: entryKind(entry),
    }))
    .filter((entry) => entry.kind === 'presenter')
    .map(({ id, name, live }) => ({ id, name, live }));
  return [...shown.filter((entry) => entry.live), ...shown.filter((entry) => !entry.live).reverse()];
}

/** The counts by presenter id, re-read as the header says (a presenter not counted yet has none). */
function useRatedCounts(eventId: string, shown: Shown[], questionIds: string[] | null) {
  const [counts, setCounts] = useState<{ eventId: string; byPresenter: Map<string, number> }>({
    eventId,
    byPresenter: new Map(),
  });
  const [failed, setFailed] = useState(false);
  const allIds = shown.map((entry) => entry.id);
  const liveId = shown.find((entry) => entry.live)?.id ?? null;
  const allKey = JSON.stringify(allIds);
  const questionKey = questionIds === null ? null : JSON.stringify(questionIds);

  useEffect(() => {
    if (questionKey === null) return;
    const ids: string[] = JSON.parse(allKey);
    const questions: string[] = JSON.parse(questionKey);
    if (ids.length === 0) return;
    let active = true;
    const refresh = async (presenterIds: string[]) => {
      try {
        const read = await getRatedCounts(eventId, presenterIds, questions);
        if (!active) return;
        setFailed(false);
        setCounts((previous) => ({
          eventId,
          byPresenter: new Map([...(previous.eventId === eventId ? previous.byPresenter : []), ...read]),
        }));
      } catch (error) {
        console.warn('Rating progress could not be read.', error);
        if (active) setFailed(true);
      }
    };
    void refresh(ids);
    let tick = 0;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      tick += 1;
      void refresh(tick % FINISHED_EVERY === 0 || liveId === null ? ids : [liveId]);
    }, PROGRESS_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh(ids);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      active = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [eventId, allKey, liveId, questionKey]);

  return { byPresenter: counts.eventId === eventId ? counts.byPresenter : new Map<string, number>(), failed };
}

export function RatingProgress({ event }: { event: Event }) {
  const questions = useLoad('questions', getQuestions);
  const questionIds = questions.state === 'ready' ? questions.value.map((question) => question.question_id) : null;
  const shown = shownPresenters(event);
  const { byPresenter, failed } = useRatedCounts(event.id, shown, questionIds);
  const following = Math.max(0, ...shown.map((entry) => byPresenter.get(entry.id) ?? 0));

  return (
    <>
      <Divider />
      <Stack spacing={1} component="section" aria-labelledby="rating-progress-heading">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography
            id="rating-progress-heading"
            variant="overline"
            component="h2"
            color="text.secondary"
            sx={{ lineHeight: 1.5 }}
          >
            Rating progress
          </Typography>
          <Button component={RouterLink} to={paths.insights(event.id)} size="small" variant="outlined">
            Insights
          </Button>
        </Stack>
        {shown.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No presenter has been live in this round yet.
          </Typography>
        ) : (
          <Box component="ul" aria-label="Ratings per presenter" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {shown.map((entry) => {
              const rated = byPresenter.get(entry.id);
              const label = rated === undefined ? 'counting…' : progressMessages.rated(rated, following);
              return (
                <Box component="li" key={entry.id} sx={{ py: 0.5 }}>
                  <Typography variant="body2">
                    <Typography component="span" variant="body2" sx={{ fontWeight: 700 }}>
                      {entry.live ? `${entry.name} (live)` : entry.name}
                    </Typography>
                    {`: ${label}`}
                  </Typography>
                  <LinearProgress
                    variant="determinate"
                    value={rated === undefined || following === 0 ? 0 : (rated / following) * 100}
                    aria-label={`${entry.name}: ${label}`}
                  />
                </Box>
              );
            })}
          </Box>
        )}
        {(failed || questions.state === 'failed') && (
          <Typography variant="body2" color="error">
            {questions.state === 'failed' ? progressMessages.questionsFailed : progressMessages.failed}
          </Typography>
        )}
      </Stack>
    </>
  );
}
