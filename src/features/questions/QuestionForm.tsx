// The rating questionnaire for one presenter (/questions/:presenterId): first the 'Star Rating
// System' dialog, then every question and Submit. A returning provider sees their saved answers
// and can change them. Answers given offline are kept on the device and synced later: the
// provider is told so, never that it failed. Answers not yet submitted are kept in the tab
// (src/lib/drafts.ts), so a reload of the page, such as the app's own for a new version, brings
// them back, past the Star Rating System dialog the provider has already seen.

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { PageLoader } from '../../components/PageLoader';
import { useDraft } from '../../components/useDraft';
import { useLoad } from '../../components/useLoad';
import { useOnline } from '../../components/useOnline';
import { useMounted } from '../../components/useMounted';
import { timings } from '../../config/constants';
import { paths } from '../../config/paths';
import { usePresenters } from '../../contexts/PresentersContext';
import { useUser } from '../../contexts/UserContext';
import { getQuestions } from '../../db/questions';
import { getMyResponses, saveResponses } from '../../db/responses';
import { answersFor } from '../../lib/answers';
import { answersDraft } from '../../lib/drafts';
import type { Question } from '../../types/question';
import type { Answer } from '../../types/response';
import { QuestionField } from './QuestionField';
import { StarRatingDialog } from './StarRatingDialog';

export const questionMessages = {
  submitted: 'Responses submitted successfully!',
  savedOffline: 'Your answers are saved on this device and will be sent automatically when you are back online.',
  failed: 'An error occurred.',
} as const;

const blankAnswer = (question: Question): Answer => ({
  question_id: question.question_id,
  type: question.type,
  rating: null,
  comment: null,
  response: null,
});

const hasContent = (answer: Answer) => answer.rating !== null || !!answer.comment?.trim() || !!answer.response?.trim();

type Confirmation = 'confirmed' | 'pending';

function confirmation(synced: Promise<void>, online: boolean): Promise<Confirmation> {
  if (!online) return Promise.resolve('pending');
  return Promise.race([
    synced.then(() => 'confirmed' as const),
    new Promise<Confirmation>((resolve) => setTimeout(() => resolve('pending'), timings.responsesSyncWaitMs)),
  ]);
}

export function QuestionForm({ presenterId }: { presenterId: string }) {
  const navigate = useNavigate();
  const online = useOnline();
  const { user } = useUser();
  const { event, queue } = usePresenters();
  const [rulesOpen, setRulesOpen] = useState(true);
  /** The provider's changes; questions they have not touched show their saved answer. */
  const [edits, setEdits] = useState<Record<string, Answer>>({});
  const [submitting, setSubmitting] = useState(false);
  const [savedOffline, setSavedOffline] = useState(false);
  const mounted = useMounted();
  const eventId = event?.id ?? null;
  // Keyed without the event, which may still be loading after a reload: the dialog is skipped at once.
  const kept = useDraft(user !== null ? `answers/${user.user_id}/${presenterId}` : null, answersDraft);
  const { keep: keepDraft, drop: dropDraft } = kept;
  const draft = kept.draft && (eventId === null || kept.draft.eventId === eventId) ? kept.draft.answers : null;
  const entry = queue.find((item) => item.presenter_id === presenterId) ?? null;
  const presenterName = entry ? `${entry.first_name} ${entry.last_name}`.trim() : '';

  const questionsLoad = useLoad('questions', getQuestions);
  // The spec: a failed question load is silent; loading ends.
  const questions = questionsLoad.state === 'loading' ? null : questionsLoad.state === 'ready' ? questionsLoad.value : [];
  const savedLoad = useLoad(eventId !== null && user !== null ? `${eventId}/${user.user_id}` : null, () =>
    getMyResponses(eventId ?? '').catch((error: unknown) => {
      // The form still works without them: it starts blank, and Submit saves what is given.
      console.warn('The saved answers could not be loaded; the questionnaire starts blank.', error);
      return [];
    }),
  );
  const saved = savedLoad.state === 'ready' ? answersFor(savedLoad.value, presenterId) : {};

  useEffect(() => {
    if (eventId !== null && Object.keys(edits).length > 0) keepDraft({ eventId, answers: { ...draft, ...edits } });
  }, [eventId, draft, edits, keepDraft]);

  if (user === null) return <Navigate to={paths.profile} replace />;

  const answerOf = (question: Question) =>
    edits[question.question_id] ?? draft?.[question.question_id] ?? saved[question.question_id] ?? blankAnswer(question);
  // A question with a saved answer is sent again even when cleared, so the change is kept.
  const toSave = (questions ?? [])
    .map(answerOf)
    .filter((answer) => hasContent(answer) || Object.hasOwn(saved, answer.question_id));

  const onChange = (answer: Answer) => setEdits((previous) => ({ ...previous, [answer.question_id]: answer }));

  const onSubmit = async (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    // The spec: skipped silently without a user id or a presenter id.
    if (!user.user_id || !presenterId || !eventId || toSave.length === 0 || submitting) return;
    setSubmitting(true);
    setSavedOffline(false);
    try {
      const outcome = await saveResponses(eventId, presenterId, toSave);
      // On the device now (and synced, or queued to be): the draft has done its job.
      dropDraft();
      const state = await confirmation(outcome.synced, online);
      if (state === 'confirmed') {
        toast.success(questionMessages.submitted);
      } else {
        // Kept on the device; a later refusal by the server is a real failure and is reported.
        outcome.synced.catch(() => toast.error(questionMessages.failed));
        setSavedOffline(true);
        toast.info(questionMessages.savedOffline);
      }
      setTimeout(() => {
        if (mounted.current) navigate(paths.presenters);
      }, timings.redirectAfterResponsesMs);
    } catch {
      toast.error(questionMessages.failed);
      if (mounted.current) setSubmitting(false);
    }
  };

  return (
    <>
      <StarRatingDialog
        open={rulesOpen && draft === null}
        onGoBack={() => navigate(paths.presenters)}
        onOk={() => setRulesOpen(false)}
      />
      <Stack
        component="form"
        spacing={2}
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="questions-heading"
        aria-busy={submitting}
      >
        <Typography id="questions-heading" variant="h5" component="h1" sx={{ textTransform: 'capitalize' }}>
          {presenterName ? `Rate ${presenterName}` : 'Rate this presenter'}
        </Typography>
        {questions === null ? (
          <PageLoader />
        ) : (
          questions.map((question) => (
            <QuestionField
              key={question.question_id}
              question={question}
              answer={answerOf(question)}
              onChange={onChange}
              disabled={submitting}
              sharesFeedback={event?.shareFeedback === true}
            />
          ))
        )}
        {savedOffline && (
          <Alert severity="info" role="status">
            {questionMessages.savedOffline}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={submitting || toSave.length === 0 || !eventId}
          startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-label="Submitting" /> : undefined}
          sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, minWidth: 140 }}
        >
          Submit
        </Button>
      </Stack>
    </>
  );
}
