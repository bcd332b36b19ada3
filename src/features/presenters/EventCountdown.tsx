// The countdown overlay while the event is not open yet: 'Event Starting In' with hours, minutes
// and seconds refreshed every second ('Event Starting Soon' once the start time is reached), the
// event's location and the developers of the app.

import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CountdownTimer } from '../../components/CountdownTimer';
import { PlaceIcon } from '../../components/Icons';
import { useNow } from '../../components/useNow';
import { timings } from '../../config/constants';
import { countdown } from '../../lib/countdown';
import type { Developer } from '../../types/event';

export interface EventCountdownProps {
  startTime: Date;
  location: string;
  developers: readonly Developer[];
}

const timerSx = {
  unit: { textAlign: 'center', minWidth: { xs: 72, sm: 96 } },
  digits: {
    display: 'block',
    fontSize: { xs: '2.5rem', sm: '3.5rem' },
    fontWeight: 700,
    lineHeight: 1.1,
    fontVariantNumeric: 'tabular-nums',
  },
  name: { display: 'block', textTransform: 'uppercase', letterSpacing: 1 },
} as const;

export function EventCountdown({ startTime, location, developers }: EventCountdownProps) {
  const now = useNow(timings.countdownRefreshMs);
  const left = countdown(startTime, now);
  const listedDevelopers = developers.filter((developer) => developer.name.trim() !== '');

  return (
    <Paper
      component="section"
      aria-labelledby="countdown-heading"
      elevation={0}
      sx={{
        p: { xs: 3, sm: 5 },
        textAlign: 'center',
        color: 'common.white',
        background: 'linear-gradient(160deg, #0b3d73 0%, #0b5cad 100%)',
        minHeight: { xs: '60dvh', sm: 420 },
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Stack spacing={3} sx={{ alignItems: 'center', width: '100%' }}>
        {left.state === 'counting' ? (
          <>
            <Typography id="countdown-heading" variant="h4" component="h1">
              Event Starting In
            </Typography>
            <CountdownTimer
              left={left}
              spacing={{ xs: 1, sm: 3 }}
              unitSx={timerSx.unit}
              digitSx={timerSx.digits}
              nameSx={timerSx.name}
              nameVariant="body2"
            />
          </>
        ) : (
          <Typography id="countdown-heading" variant="h4" component="h1">
            Event Starting Soon
          </Typography>
        )}
        {location && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <PlaceIcon />
            <Typography>{location}</Typography>
          </Stack>
        )}
        {listedDevelopers.length > 0 && (
          <Box component="section" aria-labelledby="developers-heading">
            <Typography id="developers-heading" variant="subtitle2" component="h2" sx={{ opacity: 0.9 }}>
              Developed by
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {listedDevelopers.map((developer) => (
                <li key={`${developer.name}-${developer.linkedinUrl}`}>
                  {developer.linkedinUrl ? (
                    <Link
                      href={developer.linkedinUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      sx={{ color: 'common.white', textDecorationColor: 'rgba(255,255,255,0.7)' }}
                    >
                      {developer.name}
                    </Link>
                  ) : (
                    <Typography component="span">{developer.name}</Typography>
                  )}
                </li>
              ))}
            </Box>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
