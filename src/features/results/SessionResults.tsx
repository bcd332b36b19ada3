// The session results (/results): the viewer's own matches ('Your Matches', only when they have
// some) and the other presenters ('Potential Matches'), 10 at a time. A card opens the match
// dialog. A visitor with no profile (an attendee) sees every match as potential, with a link to
// create a profile to see their own.

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useLoad } from '../../components/useLoad';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { usePresenters } from '../../contexts/PresentersContext';
import { useUser } from '../../contexts/UserContext';
import { getSessionResults } from '../../db/finalMatches';
import { groupResults, pageOf } from '../../lib/results';
import type { FinalMatch } from '../../types/finalMatch';
import { MatchCard } from './MatchCard';
import { MatchDialog } from './MatchDialog';

export const resultsMessages = {
  loading: 'Fetching Match Results...',
  failed: 'There was an issue fetching the final match results.',
  noPotential: 'No other potential matches found.',
  createProfile: 'Create your profile',
  createProfileWhy: 'to see Your Matches.',
} as const;

interface MatchSectionProps {
  title: string;
  matches: FinalMatch[];
  loadMoreLabel: string;
  emptyText?: string;
  onOpen: (match: FinalMatch) => void;
}

function MatchSection({ title, matches, loadMoreLabel, emptyText, onOpen }: MatchSectionProps) {
  const [pages, setPages] = useState(1);
  const page = pageOf(matches, pages);
  const headingId = `results-${title.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5}>
      <Typography id={headingId} variant="h6" component="h2">
        {title}
      </Typography>
      {matches.length === 0 && emptyText ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
          {page.visible.map((match) => (
            <MatchCard key={match.id} match={match} onOpen={onOpen} />
          ))}
        </Stack>
      )}
      {page.hasMore && (
        <Button variant="outlined" onClick={() => setPages((count) => count + 1)} sx={{ alignSelf: 'center' }}>
          {loadMoreLabel}
        </Button>
      )}
    </Stack>
  );
}

export function SessionResults() {
  const { user } = useUser();
  const { event, loading: eventLoading } = usePresenters();
  const [open, setOpen] = useState<FinalMatch | null>(null);
  const eventId = event?.id ?? null;

  const load = useLoad(eventLoading ? null : `results:${eventId ?? ''}`, () => getSessionResults(eventId));
  const viewerEmail = user?.email ?? null;
  // The spec: with no local profile, everything is potential.
  const grouped = load.state === 'ready' ? groupResults(load.value.matches, viewerEmail, env.contactEmail) : null;
  // Matched people of an event with meetings book their conversations on My meetings.
  const meetingsEventId =
    load.state === 'ready' && event !== null && event.id === load.value.eventId && event.meetings.enabled ? event.id : null;

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <Typography variant="h5" component="h1">
          Session Results
        </Typography>
        <Typography color="text.secondary">Explore potential session connections</Typography>
      </Stack>
      {user === null && (
        <Typography>
          <Link component={RouterLink} to={paths.profile}>
            {resultsMessages.createProfile}
          </Link>{' '}
          {resultsMessages.createProfileWhy}
        </Typography>
      )}
      {load.state === 'loading' && (
        <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center', justifyContent: 'center', py: 4 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{resultsMessages.loading}</Typography>
        </Stack>
      )}
      {load.state === 'failed' && <Alert severity="error">{resultsMessages.failed}</Alert>}
      {grouped && (
        <>
          {grouped.yours.length > 0 && (
            <MatchSection title="Your Matches" matches={grouped.yours} loadMoreLabel="Load More Your Matches" onOpen={setOpen} />
          )}
          {grouped.yours.length > 0 && meetingsEventId && (
            <Button
              component={RouterLink}
              to={paths.meetings(meetingsEventId)}
              variant="contained"
              sx={{ alignSelf: 'flex-start' }}
            >
              My meetings
            </Button>
          )}
          <MatchSection
            title="Potential Matches"
            matches={grouped.potential}
            loadMoreLabel="Load More Other Matches"
            emptyText={resultsMessages.noPotential}
            onOpen={setOpen}
          />
        </>
      )}
      <MatchDialog match={open} viewerEmail={viewerEmail} onClose={() => setOpen(null)} />
    </Stack>
  );
}
