// The event insights page (/events/:eventId/insights, admin; docs/exports-and-insights.md): per presenter
// the ratings, charts, comments and flags, per provider the leniency, and with the event's fair
// scores how each presenter's matches change; what the pitch timer saw of each presenter and the
// session's total overrun. Read once when opened (a spinner meanwhile); the
// numbers are the answers as read then.

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DISAGREEMENT_MIN_RATERS, DISAGREEMENT_MIN_SPREAD } from '../../../domain/constants';
import { PageLoader } from '../../components/PageLoader';
import { useLoad } from '../../components/useLoad';
import { env } from '../../config/env';
import { EventUnavailable } from '../../components/EventUnavailable';
import { paths } from '../../config/paths';
import { getEventInsightsData, type EventInsightsData } from '../../db/insights';
import { eventInsights } from './insightFigures';
import { PresenterInsightsCard } from './PresenterInsightsCard';
import { meetingCountsByPresenter, type MeetingCounts } from '../../lib/meetingRows';
import { pitchTimes } from '../../lib/pitchTimeRows';
import { PitchTimesTable } from './PitchTimesTable';
import { ProviderLeniencyTable } from './ProviderLeniencyTable';

export const insightsMessages = {
  notFound: 'This event does not exist. It may have been deleted.',
  loadFailed: 'The insights could not be loaded. Check the connection and reload the page.',
  disagreement: `Disagreement: the raters' own mean scores for a presenter spread (standard deviation) ${DISAGREEMENT_MIN_SPREAD} star or more, among at least ${DISAGREEMENT_MIN_RATERS} raters.`,
  fairOn:
    'Fair scores are on: matching corrects for lenient and harsh raters. Each presenter shows who would match without and with them, from the answers as read now; the matching that counts runs on the server.',
  fairOff: "Fair scores are off for this event ('Correct for lenient and harsh raters' in Edit Event).",
  noPresenters: 'No presenters in the rounds yet.',
} as const;

/** The innovation office's contact: matching's fallback match (not shown: a presenter without matches says so). */
const FALLBACK_CONTACT = {
  first_name: 'Innovation',
  last_name: 'Office',
  email: env.contactEmail,
  company: env.organisationName,
};

const NO_MEETINGS: MeetingCounts = { requested: 0, accepted: 0, held: 0 };

function Insights({ data }: { data: EventInsightsData }) {
  const insights = useMemo(() => eventInsights(data, FALLBACK_CONTACT), [data]);
  const { event } = data;
  const times = useMemo(() => pitchTimes(event), [event]);
  // Per presenter, the meetings after matching requested, confirmed and held (when the event has them).
  const meetings = useMemo(
    () => (event.meetings.enabled ? meetingCountsByPresenter(data.meetings) : null),
    [event.meetings.enabled, data.meetings],
  );
  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
          {`Insights: ${event.title || 'Event Title'}`}
        </Typography>
        <Button component={RouterLink} to={paths.event(event.id)} variant="outlined" sx={{ alignSelf: 'flex-start' }}>
          Back to event control
        </Button>
      </Stack>

      <Box component="section" aria-labelledby="insights-presenters">
        <Typography id="insights-presenters" variant="h6" component="h2">
          Presenters
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {insightsMessages.disagreement}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {event.fairScores ? insightsMessages.fairOn : insightsMessages.fairOff}
        </Typography>
        {insights.presenters.length === 0 ? (
          <Typography>{insightsMessages.noPresenters}</Typography>
        ) : (
          <Stack spacing={2}>
            {insights.presenters.map((presenter) => (
              <PresenterInsightsCard
                key={presenter.presenterId}
                presenter={presenter}
                fairScores={event.fairScores ?? false}
                meetings={meetings && (meetings.get(presenter.presenterId) ?? NO_MEETINGS)}
              />
            ))}
          </Stack>
        )}
      </Box>

      <Box component="section" aria-labelledby="insights-providers">
        <Typography id="insights-providers" variant="h6" component="h2" sx={{ mb: 1 }}>
          Providers
        </Typography>
        <ProviderLeniencyTable providers={insights.providers} />
      </Box>

      <Box component="section" aria-labelledby="insights-pitch-times">
        <Typography id="insights-pitch-times" variant="h6" component="h2" sx={{ mb: 1 }}>
          Pitch times
        </Typography>
        <PitchTimesTable times={times} />
      </Box>
    </Stack>
  );
}

export function EventInsights({ eventId }: { eventId: string }) {
  const loaded = useLoad(eventId, () => getEventInsightsData(eventId));
  if (loaded.state === 'loading') return <PageLoader />;
  if (loaded.state === 'failed' || loaded.value === null) {
    if (loaded.state === 'failed') console.warn('The insights could not be loaded.', loaded.error);
    const failed = loaded.state === 'failed';
    return <EventUnavailable failed={failed} message={failed ? insightsMessages.loadFailed : insightsMessages.notFound} />;
  }
  return <Insights data={loaded.value} />;
}
