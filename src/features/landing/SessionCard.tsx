// One session on the landing page: its time, title and description. Sessions inside the app open
// in the same tab; sessions on another site open in a new tab.

import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { OpenInNewIcon, ScheduleIcon } from '../../components/Icons';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { isExternalLink, type Session } from './sessions';

export function SessionCard({ session }: { session: Session }) {
  const external = isExternalLink(session.link);
  const linkProps = external
    ? { component: 'a' as const, href: session.link, target: '_blank', rel: 'noopener noreferrer' }
    : { component: RouterLink, to: session.link };
  return (
    <Card variant="outlined">
      <CardActionArea {...linkProps}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <Chip icon={<ScheduleIcon />} label={session.time} color="primary" size="small" />
            {external && <OpenInNewIcon fontSize="small" color="action" />}
          </Stack>
          <Typography variant="h6" component="h3">
            <VisuallyHidden>, </VisuallyHidden>
            {session.title}
            {external && <VisuallyHidden> (opens in a new tab)</VisuallyHidden>}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <VisuallyHidden>. </VisuallyHidden>
            {session.description}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
