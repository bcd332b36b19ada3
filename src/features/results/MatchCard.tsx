// One presenter on the results page: photo, name, company, e-mail, LinkedIn and a badge with the
// number of matched providers. Activating the card opens the match dialog.

import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LinkedInButton } from '../../components/LinkedInButton';
import { PresenterAvatar } from '../../components/PresenterAvatar';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { listedProviders } from '../../lib/results';
import type { FinalMatch } from '../../types/finalMatch';

export interface MatchCardProps {
  match: FinalMatch;
  onOpen: (match: FinalMatch) => void;
}

export function matchPresenterName(match: FinalMatch): string {
  return `${match.presenter_details.first_name} ${match.presenter_details.last_name}`.trim();
}

export function MatchCard({ match, onOpen }: MatchCardProps) {
  const details = match.presenter_details;
  const name = matchPresenterName(match);
  const count = listedProviders(match).length;
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none', display: 'flex', alignItems: 'stretch' }}>
      <CardActionArea onClick={() => onOpen(match)} sx={{ flex: 1, minWidth: 0 }}>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <PresenterAvatar
              firstName={details.first_name}
              lastName={details.last_name}
              photoUrl={details.profile_url}
              decorative
            />
            <Stack sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {name}
              </Typography>
              {details.company && (
                <Typography variant="body2" color="text.secondary">
                  <VisuallyHidden>, </VisuallyHidden>
                  {details.company}
                </Typography>
              )}
              {details.email && (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  <VisuallyHidden>, </VisuallyHidden>
                  {details.email}
                </Typography>
              )}
              <VisuallyHidden>, </VisuallyHidden>
              <Chip
                label={`${count} Matches`}
                color={count > 0 ? 'success' : 'default'}
                size="small"
                sx={{ fontWeight: 600, alignSelf: 'flex-start', mt: 0.5 }}
              />
            </Stack>
          </Stack>
        </CardContent>
      </CardActionArea>
      {details.linkedin_url && (
        <Stack sx={{ justifyContent: 'center', pr: 1 }}>
          <LinkedInButton url={details.linkedin_url} name={name} sx={{ color: '#0a66c2' }} />
        </Stack>
      )}
    </Card>
  );
}
