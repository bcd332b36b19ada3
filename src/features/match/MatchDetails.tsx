// One presenter's match details (/match/:id): the presenter (photo or initials, name, company,
// e-mail, LinkedIn) and the providers matched with them. A signed-in admin also sees why each
// provider matched and who was not matched because of a conflict of interest (match_reasons,
// readable by admins only); nobody else's screen asks for it. An admin can also preview the
// feedback the presenter takes home.

import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PresenterAvatar } from '../../components/PresenterAvatar';
import { PresenterContact } from '../../components/PresenterContact';
import { paths } from '../../config/paths';
import { useLoad, type Loaded } from '../../components/useLoad';
import { watchAdminIdentity } from '../../db/adminAuth';
import { getFinalMatch } from '../../db/finalMatches';
import { getMatchReasons } from '../../db/matchReasons';
import { listedProviders } from '../../lib/results';
import type { FinalMatch } from '../../types/finalMatch';
import { ExcludedConflicts, ProviderReasons, reasonMessages } from './ProviderReasons';

export const matchMessages = {
  loading: 'Fetching Match Details...',
  noData: 'No match data available.',
  notFound: 'Match details not found.',
  invalidId: 'Invalid match ID.',
  failed: 'Failed to fetch match details.',
  noProviders: 'No providers matched with this presenter.',
} as const;

/** A Firestore document id: not empty, no slash, not '.' or '..', not reserved (__…__). */
export function isValidMatchId(id: string): boolean {
  return id.trim() !== '' && !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id) && id.length <= 1500;
}

type Load = { state: 'loading' } | { state: 'ready'; match: FinalMatch } | { state: 'error'; message: string };

const hasPresenter = (match: FinalMatch) =>
  [match.presenter_details.first_name, match.presenter_details.last_name].some((name) => name.trim() !== '');

function loadOf(loaded: Loaded<FinalMatch | null>): Load {
  if (loaded.state === 'loading') return loaded;
  if (loaded.state === 'failed') return { state: 'error', message: matchMessages.failed };
  return loaded.value ? { state: 'ready', match: loaded.value } : { state: 'error', message: matchMessages.notFound };
}

/**
 * Whether the viewer is a signed-in admin, followed live. The route is public: this reads the
 * sign-in the app already holds, without the admin console's code.
 */
function useIsAdmin(): boolean {
  const [isAdmin, setIsAdmin] = useState(false);
  useEffect(() => watchAdminIdentity((identity) => setIsAdmin(identity?.isAdmin === true)), []);
  return isAdmin;
}

export function MatchDetails({ matchId }: { matchId: string }) {
  const valid = isValidMatchId(matchId);
  const loaded = useLoad(valid ? matchId : null, () => getFinalMatch(matchId));
  const load = valid ? loadOf(loaded) : ({ state: 'error', message: matchMessages.invalidId } as const);
  // Only an admin may read the reasons: for anyone else the request is never made.
  const isAdmin = useIsAdmin();
  const why = useLoad(isAdmin && valid ? matchId : null, () => getMatchReasons(matchId));
  const reasons = isAdmin && why.state === 'ready' ? why.value : null;

  if (load.state === 'loading') {
    return (
      <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center', justifyContent: 'center', py: 6 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{matchMessages.loading}</Typography>
      </Stack>
    );
  }
  if (load.state === 'error') return <Alert severity="error">{load.message}</Alert>;

  const { match } = load;
  if (!hasPresenter(match)) return <Typography sx={{ py: 4, textAlign: 'center' }}>{matchMessages.noData}</Typography>;

  const details = match.presenter_details;
  const name = `${details.first_name} ${details.last_name}`.trim();
  const providers = listedProviders(match);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { xs: 'center', sm: 'center' }, textAlign: { xs: 'center', sm: 'left' } }}
        >
          <PresenterAvatar firstName={details.first_name} lastName={details.last_name} photoUrl={details.profile_url} size={88} />
          <Stack spacing={0.5} sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h1">
              {name}
            </Typography>
            <PresenterContact details={details} />
            {isAdmin && match.event_id && (
              <Link component={RouterLink} to={paths.feedback(match.event_id, match.presenter_id)}>
                Preview the presenter’s feedback
              </Link>
            )}
          </Stack>
        </Stack>
        <Divider />
        <Typography id="matched-providers-heading" variant="h6" component="h2">
          Matched Providers
        </Typography>
        {isAdmin && why.state === 'failed' && (
          <Typography variant="body2" color="text.secondary">
            {reasonMessages.failed}
          </Typography>
        )}
        {providers.length === 0 ? (
          <Typography color="text.secondary">{matchMessages.noProviders}</Typography>
        ) : (
          <List aria-labelledby="matched-providers-heading" disablePadding>
            {providers.map(({ provider_id, provider_details }) => {
              const providerName = `${provider_details.first_name} ${provider_details.last_name}`;
              const providerReasons = reasons?.providers.find((entry) => entry.provider_id === provider_id);
              return (
                <ListItem
                  key={`${provider_id}-${provider_details.email}`}
                  divider
                  disableGutters
                  sx={providerReasons ? { flexDirection: 'column', alignItems: 'stretch' } : undefined}
                >
                  <ListItemText
                    primary={providerName}
                    secondary={
                      <>
                        {provider_details.company}
                        <br />
                        <Link href={`mailto:${provider_details.email}`} sx={{ overflowWrap: 'anywhere' }}>
                          {provider_details.email}
                        </Link>
                      </>
                    }
                  />
                  {providerReasons && reasons && (
                    <ProviderReasons
                      name={providerName}
                      reasons={providerReasons}
                      fallback={reasons.fallback}
                      fairScores={reasons.fair_scores === true}
                    />
                  )}
                </ListItem>
              );
            })}
          </List>
        )}
        {reasons?.excluded_conflicts && <ExcludedConflicts conflicts={reasons.excluded_conflicts} />}
      </Stack>
    </Paper>
  );
}
