// 'New Live Presenter!': a short notice when the live presenter changes, for providers who have
// a profile while the event is open. The first presenter seen on arrival is not news.

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import { timings } from '../config/constants';

export interface LivePresenterNoticeProps {
  /** Identifies the live presenter: null when nobody is live, undefined while not yet known. */
  liveKey: string | null | undefined;
  /** Whether the notice may show: the user has a profile and the event is open. */
  enabled: boolean;
}

export function LivePresenterNotice({ liveKey, enabled }: LivePresenterNoticeProps) {
  const previous = useRef<string | null | undefined>(undefined);
  const [announced, setAnnounced] = useState<string | null>(null);

  useEffect(() => {
    if (liveKey === undefined) return;
    const before = previous.current;
    previous.current = liveKey;
    if (before !== undefined && before !== liveKey && enabled && liveKey !== null) setAnnounced(liveKey);
  }, [liveKey, enabled]);

  useEffect(() => {
    if (announced === null) return;
    const timer = setTimeout(() => setAnnounced(null), timings.livePresenterNoticeMs);
    return () => clearTimeout(timer);
  }, [announced]);

  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: 'fixed',
        top: 72,
        left: 0,
        right: 0,
        display: 'flex',
        justifyContent: 'center',
        zIndex: (theme) => theme.zIndex.snackbar,
        pointerEvents: 'none',
        px: 2,
      }}
    >
      {announced !== null && (
        <Alert severity="info" sx={{ boxShadow: 3, fontWeight: 600 }}>
          New Live Presenter!
        </Alert>
      )}
    </Box>
  );
}
