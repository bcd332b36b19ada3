// The dialog a results card opens: the presenter's details and the providers matched with them
// (only those with first name, last name, e-mail and company). The viewer's own entry is
// highlighted green, with a short flash as the dialog opens.

import { keyframes } from '@emotion/react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PresenterAvatar } from '../../components/PresenterAvatar';
import { PresenterContact } from '../../components/PresenterContact';
import { timings } from '../../config/constants';
import { paths } from '../../config/paths';
import { isViewer, listedProviders } from '../../lib/results';
import type { FinalMatch, MatchedProvider } from '../../types/finalMatch';
import { matchPresenterName } from './MatchCard';

export interface MatchDialogProps {
  match: FinalMatch | null;
  viewerEmail: string | null;
  onClose: () => void;
}

const flash = keyframes`
  0%, 50%, 100% { background-color: rgba(46, 125, 50, 0.16); }
  25%, 75% { background-color: rgba(46, 125, 50, 0.45); }
`;

/** The matched providers; the viewer's own entry flashes as the list appears (each opening). */
function MatchedProviderList({ providers, viewerEmail }: { providers: MatchedProvider[]; viewerEmail: string | null }) {
  const [flashing, setFlashing] = useState(true);

  useEffect(() => {
    const timer = setTimeout(() => setFlashing(false), timings.matchHighlightMs);
    return () => clearTimeout(timer);
  }, []);

  return (
    <List aria-labelledby="match-dialog-providers">
      {providers.map((provider) => {
        const you = isViewer(provider, viewerEmail);
        const { first_name, last_name, company, email } = provider.provider_details;
        return (
          <ListItem
            key={`${provider.provider_id}-${email}`}
            aria-current={you ? 'true' : undefined}
            data-flashing={you && flashing ? 'true' : undefined}
            sx={{
              borderRadius: 1,
              mb: 0.5,
              ...(you && {
                bgcolor: 'rgba(46, 125, 50, 0.16)',
                border: 2,
                borderColor: 'success.main',
                animation: flashing ? `${flash} ${timings.matchHighlightMs}ms ease-in-out` : 'none',
              }),
            }}
          >
            <ListItemText
              primary={`${first_name} ${last_name}${you ? ' (You)' : ''}`}
              secondary={`${company} · ${email}`}
              slotProps={{ primary: { sx: { fontWeight: you ? 700 : 400 } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

export function MatchDialog({ match, viewerEmail, onClose }: MatchDialogProps) {
  const name = match ? matchPresenterName(match) : '';
  const providers = match ? listedProviders(match) : [];
  const details = match?.presenter_details;

  return (
    <Dialog open={match !== null} onClose={onClose} aria-labelledby="match-dialog-title" fullWidth maxWidth="sm">
      {match && details && (
        <>
          <DialogTitle id="match-dialog-title">{name || 'Presenter'}</DialogTitle>
          <DialogContent dividers>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
              <PresenterAvatar
                firstName={details.first_name}
                lastName={details.last_name}
                photoUrl={details.profile_url}
                size={64}
              />
              <Stack sx={{ minWidth: 0 }}>
                <PresenterContact details={details} />
              </Stack>
            </Stack>
            <Typography variant="h6" component="h3" id="match-dialog-providers">
              Matched Providers
            </Typography>
            {providers.length === 0 ? (
              <Typography color="text.secondary">{name ? `No matches found for ${name}.` : 'No Matches.'}</Typography>
            ) : (
              <MatchedProviderList providers={providers} viewerEmail={viewerEmail} />
            )}
          </DialogContent>
          <DialogActions>
            <Button component={RouterLink} to={paths.match(match.id)}>
              Match Details
            </Button>
            <Button onClick={onClose} variant="contained">
              Close
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
