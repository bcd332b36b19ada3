// The feedback a presenter takes home (/feedback/:eventId): per question the number of
// ratings, the mean and how the ratings spread over 1-5 stars, and the comments, none with its
// author; a question with fewer than 3 raters reads 'Not enough ratings to share'. The signed-in
// presenter reads their own; an admin previews a presenter's from the match details
// (?presenter={id}). Made for a phone, and printed (or saved as PDF) without the app's bars and
// buttons.

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useLoad } from '../../components/useLoad';
import { getPresenterFeedback, type FeedbackRead } from '../../db/feedback';
import type { PresenterFeedback } from '../../types/feedback';
import { QuestionFeedbackCard } from './QuestionFeedbackCard';

export const feedbackMessages = {
  loading: 'Fetching your feedback...',
  failed: 'Your feedback could not be loaded. Please check your connection and try again.',
  none: 'There is no feedback for you from this event yet. It appears here once the organisers have run the matching, if they share feedback with presenters.',
  previewNone:
    'No feedback was written for this presenter: the event does not share feedback with presenters, or matching has not run since it was turned on.',
  denied:
    'This feedback belongs to another presenter. If it is yours, open the link in your result e-mail, or ask the organisers.',
  about:
    'Ratings run from 1 to 5 stars. Comments are shown without the names of the people who wrote them, and a question with fewer than 3 ratings is not shared.',
} as const;

/** Print (or save as PDF) without the app's top bar, bottom navigation, banners and buttons. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, nav, button, .Toastify, [data-print="hide"]': { display: 'none !important' },
        main: { padding: '0 !important', maxWidth: 'none !important' },
        body: { background: '#fff' },
        '[data-print="keep-together"]': { breakInside: 'avoid' },
      },
    }}
  />
);

export function FeedbackPage({ eventId, presenterId }: { eventId: string; presenterId?: string }) {
  const loaded = useLoad<FeedbackRead>(`${eventId}/${presenterId ?? ''}`, () => getPresenterFeedback(eventId, presenterId));
  const preview = presenterId !== undefined;

  if (loaded.state === 'loading') {
    return (
      <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center', justifyContent: 'center', py: 6 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{feedbackMessages.loading}</Typography>
      </Stack>
    );
  }
  if (loaded.state === 'failed') return <Alert severity="error">{feedbackMessages.failed}</Alert>;
  const read = loaded.value;
  if (read.state === 'denied') return <Alert severity="warning">{feedbackMessages.denied}</Alert>;
  if (read.state === 'none') {
    return <Alert severity="info">{preview ? feedbackMessages.previewNone : feedbackMessages.none}</Alert>;
  }
  // A presenter books conversations with their matches on My meetings, one tap from here (their result e-mail's link lands here).
  const meetingsPath = read.meetings && !preview ? paths.meetings(eventId) : null;
  return <FeedbackReport feedback={read.feedback} preview={preview} meetingsPath={meetingsPath} />;
}

function FeedbackReport({
  feedback,
  preview,
  meetingsPath,
}: {
  feedback: PresenterFeedback;
  preview: boolean;
  meetingsPath: string | null;
}) {
  return (
    <Stack spacing={2} component="article" aria-labelledby="feedback-heading">
      {printStyles}
      {preview && (
        <Alert severity="info" data-print="hide">
          {`Preview: what ${feedback.presenter_name || 'the presenter'} reads on this page.`}
        </Alert>
      )}
      <div>
        <Typography id="feedback-heading" variant="h5" component="h1">
          {preview && feedback.presenter_name ? `Feedback for ${feedback.presenter_name}` : 'Your pitch feedback'}
        </Typography>
        <Typography variant="subtitle1" color="text.secondary">
          {/* Printed or saved as PDF, the page says whose feedback it is. */}
          {[preview ? '' : feedback.presenter_name, feedback.event_title].filter(Boolean).join(' · ')}
        </Typography>
      </div>
      <Typography variant="body2" color="text.secondary">
        {feedbackMessages.about}
      </Typography>
      <Button variant="outlined" onClick={() => window.print()} sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}>
        Print or save as PDF
      </Button>
      {meetingsPath && (
        <Button
          component={RouterLink}
          to={meetingsPath}
          variant="contained"
          data-print="hide"
          sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
        >
          My meetings
        </Button>
      )}
      {feedback.questions.map((question) => (
        <QuestionFeedbackCard key={question.question_id} question={question} />
      ))}
    </Stack>
  );
}
