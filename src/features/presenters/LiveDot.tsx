// The red dot on the live presenter's card, blinking once a second.

import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { timings } from '../../config/constants';

export function LiveDot() {
  const [lit, setLit] = useState(true);
  useEffect(() => {
    const timer = setInterval(() => setLit((value) => !value), timings.liveDotBlinkMs);
    return () => clearInterval(timer);
  }, []);
  return (
    <Box
      component="span"
      aria-hidden
      data-lit={lit}
      sx={{
        display: 'inline-block',
        width: 12,
        height: 12,
        borderRadius: '50%',
        bgcolor: '#d32f2f',
        opacity: lit ? 1 : 0.15,
        transition: 'opacity 200ms',
      }}
    />
  );
}
