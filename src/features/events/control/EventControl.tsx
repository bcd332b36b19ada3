// The event control screen (/events/:eventId, the spec's sections 2, 4 and 8): the event followed
// live, the status panel on the left and the running order on the right (stacked on narrow
// screens), the Edit Event dialog, the confirm of Start Matching and the recipients review of Send
// Emails with their toasts, the keyboard shortcuts and the sync marker.

import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageLoader } from '../../../components/PageLoader';
import { useLiveEvent } from '../../../components/useLiveEvent';
import { useOnline } from '../../../components/useOnline';
import { timings } from '../../../config/constants';
import { EventUnavailable } from '../../../components/EventUnavailable';
import { useAdmin } from '../../../contexts/AdminContext';
import { currentAdminUid } from '../../../db/adminAuth';
import { sendReviewedEmails } from '../../../db/emailReview';
import { startMatching } from '../../../db/eventControl';
import type { ReviewRecipient } from '../../../../domain/emailReview';
import type { Event } from '../../../types/event';
import { isPaused } from '../../../../domain/pitchTimer';
import { EventFormDialog } from '../EventFormDialog';
import { EmailReviewDialog } from './EmailReviewDialog';
import { EventExport } from './EventExport';
import { EventStatusPanel } from './EventStatusPanel';
import { MeetingsPanel } from './MeetingsPanel';
import { RoundManager } from './RoundManager';
import { SaveStatus } from './SaveStatus';
import { useControlSaves } from './useControlSaves';
import { useControlShortcuts } from './useControlShortcuts';

export const controlMessages = {
  matchingConfirm: 'Are you sure you want to start matching?',
  matchingStarted: 'Started matching...',
  matchingFailed: 'Failed to start matching!',
  emailsStarted: 'Started emailing...',
  emailsFailed: 'Failed to start email!',
  notFound: 'This event does not exist. It may have been deleted.',
  loadFailed: 'The event could not be loaded. Check the connection and reload the page.',
} as const;

type Confirming = 'matching' | 'emails' | null;

function ControlScreen({ event }: { event: Event }) {
  const { presenters } = useAdmin();
  const online = useOnline();
  const { run, runTimer, state } = useControlSaves(event.id);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [sending, setSending] = useState(false);

  const isOpen = event.isEventOpen;
  const timerPaused = event.timer ? isPaused(event.timer) : false;
  useControlShortcuts({
    next: () => run({ kind: 'next' }),
    previous: () => run({ kind: 'previous' }),
    startStop: () => run({ kind: isOpen ? 'stop' : 'start' }),
    pauseResumeTimer: () => runTimer(timerPaused ? 'resume' : 'pause'),
    restartTimer: () => runTimer('restart'),
  });

  const confirm = useCallback(async () => {
    setConfirming(null);
    try {
      await startMatching(event.id);
      toast.success(controlMessages.matchingStarted, { autoClose: timings.adminToastMs });
    } catch (error) {
      console.warn('Matching could not be started.', error);
      toast.error(controlMessages.matchingFailed, { autoClose: timings.adminToastMs });
    }
  }, [event.id]);

  const send = useCallback(
    async (reviewId: string, excluded: Pick<ReviewRecipient, 'role' | 'email'>[]) => {
      const options = { autoClose: timings.adminToastMs };
      setSending(true);
      try {
        await sendReviewedEmails(event.id, reviewId, excluded, currentAdminUid() ?? '');
        toast.success(controlMessages.emailsStarted, options);
      } catch (error) {
        console.warn('E-mailing could not be started.', error);
        toast.error(controlMessages.emailsFailed, options);
      } finally {
        setSending(false);
        setConfirming(null);
      }
    },
    [event.id],
  );

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <EventExport event={event} />
        <SaveStatus state={state} online={online} />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          alignItems: 'start',
        }}
      >
        <EventStatusPanel
          event={event}
          run={run}
          runTimer={runTimer}
          onEdit={() => setEditing(true)}
          onStartMatching={() => setConfirming('matching')}
          onSendEmails={() => setConfirming('emails')}
        />
        <RoundManager event={event} presenters={presenters} run={run} />
      </Box>
      {event.meetings.enabled && <MeetingsPanel eventId={event.id} settings={event.meetings} />}
      <EventFormDialog open={editing} onClose={() => setEditing(false)} event={event} />
      <ConfirmDialog
        open={confirming === 'matching'}
        title="Start Matching"
        question={controlMessages.matchingConfirm}
        confirmLabel="Start Matching"
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
      <EmailReviewDialog
        open={confirming === 'emails'}
        eventId={event.id}
        busy={sending}
        onSend={(reviewId, excluded) => void send(reviewId, excluded)}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}

export function EventControl() {
  const { eventId = '' } = useParams();
  const loaded = useLiveEvent(eventId);
  if (loaded.state === 'loading') return <PageLoader />;
  if (loaded.state !== 'ready') {
    const failed = loaded.state === 'failed';
    return <EventUnavailable failed={failed} message={failed ? controlMessages.loadFailed : controlMessages.notFound} />;
  }
  return <ControlScreen event={loaded.event} />;
}
