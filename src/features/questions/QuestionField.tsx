// One question of the questionnaire: its title and text, and the input its type asks for
// (domain/questionTypes.ts): 'stars' (1-5 stars and an optional comment), 'rating' (a 1-5 scale and
// an optional comment) or 'text' (a written answer).
// When the event shares feedback with presenters, a line before the comment (or the
// written answer) says that it reaches the presenter without the provider's name.

import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { JSX } from 'react';
import { COMMENT_MAX_LENGTH, RATING_MAX } from '../../../domain/constants';
import { RATING_PRECISION } from '../../config/constants';
import type { Question } from '../../types/question';
import type { Answer } from '../../types/response';
import { STAR_MEANINGS } from './StarRatingDialog';

export interface QuestionFieldProps {
  question: Question;
  answer: Answer;
  onChange: (answer: Answer) => void;
  disabled?: boolean;
  /** The event shares feedback with presenters: say so before the comment field. */
  sharesFeedback?: boolean;
}

/** What the questionnaire says before a comment field when the event shares feedback. */
export const sharingNotices = {
  comment: 'Your comment is shared with the presenter, without your name.',
  answer: 'Your answer is shared with the presenter, without your name.',
} as const;

/** Only whole stars 1-5 are kept; anything else (no pointer position, for one) clears the rating. */
const wholeRating = (value: number | null) =>
  value !== null && Number.isInteger(value) && value >= 1 && value <= RATING_MAX ? value : null;

const scale = Array.from({ length: RATING_MAX }, (_, index) => index + 1);

export function QuestionField({ question, answer, onChange, disabled, sharesFeedback = false }: QuestionFieldProps) {
  const titleId = `question-${question.question_id}-title`;
  const textId = `question-${question.question_id}-text`;
  const noticeId = sharesFeedback ? `question-${question.question_id}-shared` : undefined;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={1.5}>
        <Typography id={titleId} variant="h6" component="h2">
          {question.title}
        </Typography>
        {question.questions && (
          <Typography id={textId} color="text.secondary">
            {question.questions}
          </Typography>
        )}

        <AnswerInput question={question} answer={answer} onChange={onChange} disabled={disabled} noticeId={noticeId} />
      </Stack>
    </Paper>
  );
}

/** The input a question's type asks for: one case per type (domain/questionTypes.ts), so a new type must say its own. */
function AnswerInput({
  question,
  answer,
  onChange,
  disabled,
  noticeId,
}: Omit<QuestionFieldProps, 'sharesFeedback'> & { noticeId: string | undefined }): JSX.Element {
  const answerId = `answer-${question.question_id}`;
  const response = answer.response ?? '';
  switch (question.type) {
    case 'stars':
      return (
        <>
          <FormControl component="fieldset" disabled={disabled}>
            <FormLabel
              component="legend"
              sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
            >
              {`${question.title}: stars`}
            </FormLabel>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Rating
                name={`stars-${question.question_id}`}
                value={answer.rating}
                max={RATING_MAX}
                precision={RATING_PRECISION}
                size="large"
                disabled={disabled}
                getLabelText={(value) => `${value} Star${value === 1 ? '' : 's'}: ${STAR_MEANINGS[value] ?? ''}`}
                onChange={(_, value) => onChange({ ...answer, rating: wholeRating(value) })}
              />
              {answer.rating !== null && (
                <Typography variant="body2" color="text.secondary">
                  {STAR_MEANINGS[answer.rating]}
                </Typography>
              )}
            </Stack>
          </FormControl>
          <SharingNotice id={noticeId} text={sharingNotices.comment} />
          <CommentField answer={answer} onChange={onChange} disabled={disabled} noticeId={noticeId} />
        </>
      );
    case 'rating':
      return (
        <>
          <ToggleButtonGroup
            exclusive
            value={answer.rating}
            onChange={(_, value: number | null) => onChange({ ...answer, rating: value })}
            aria-label={`${question.title}: rating from 1 to ${RATING_MAX}`}
            disabled={disabled}
            fullWidth
          >
            {scale.map((value) => (
              <ToggleButton key={value} value={value} aria-label={`${value} of ${RATING_MAX}`}>
                {value}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <SharingNotice id={noticeId} text={sharingNotices.comment} />
          <CommentField answer={answer} onChange={onChange} disabled={disabled} noticeId={noticeId} />
        </>
      );
    case 'text':
      return (
        <>
          <SharingNotice id={noticeId} text={sharingNotices.answer} />
          <TextField
            id={answerId}
            label="Your answer"
            value={response}
            onChange={(event) => onChange({ ...answer, response: event.target.value.slice(0, COMMENT_MAX_LENGTH) || null })}
            multiline
            minRows={3}
            disabled={disabled}
            helperText={`${response.length}/${COMMENT_MAX_LENGTH}`}
            slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH, ...describedBy(noticeId, answerId) } }}
            fullWidth
          />
        </>
      );
  }
}

/** The field's description: the sharing notice (when shown) and MUI's helper text (the character count). */
const describedBy = (noticeId: string | undefined, fieldId: string) =>
  noticeId ? { 'aria-describedby': `${noticeId} ${fieldId}-helper-text` } : {};

/** The line saying the comment is shared; nothing when the event does not share feedback. */
function SharingNotice({ id, text }: { id: string | undefined; text: string }) {
  if (!id) return null;
  return (
    <Typography id={id} variant="body2" color="text.secondary">
      {text}
    </Typography>
  );
}

function CommentField({
  answer,
  onChange,
  disabled,
  noticeId,
}: Omit<QuestionFieldProps, 'question'> & { noticeId: string | undefined }) {
  const comment = answer.comment ?? '';
  const fieldId = `comment-${answer.question_id}`;
  return (
    <TextField
      id={fieldId}
      label="Comments"
      value={comment}
      onChange={(event) => onChange({ ...answer, comment: event.target.value.slice(0, COMMENT_MAX_LENGTH) || null })}
      multiline
      minRows={2}
      disabled={disabled}
      helperText={`${comment.length}/${COMMENT_MAX_LENGTH}`}
      slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH, ...describedBy(noticeId, fieldId) } }}
      fullWidth
    />
  );
}
