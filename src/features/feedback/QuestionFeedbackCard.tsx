// One question of a presenter's feedback: 'Not enough ratings to share' when fewer than
// 3 rated it; otherwise the mean and the number of ratings, a bar per star count (read out as
// text, the bars are only drawn), and the comments without their authors. A written-answer
// question shows its answers.

import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type JSX } from 'react';
import { RATING_MAX } from '../../../domain/constants';
import { feedbackUnit, formatMean, NOT_ENOUGH_RATINGS } from '../../../domain/feedback';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import type { QuestionFeedback, SharedQuestionFeedback } from '../../types/feedback';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function QuestionFeedbackCard({ question }: { question: QuestionFeedback }) {
  const titleId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      data-print="keep-together"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={1.5}>
        <Typography id={titleId} variant="h6" component="h2">
          {question.title}
        </Typography>
        {question.shared ? (
          <SharedFeedback question={question} />
        ) : (
          <Typography color="text.secondary">{NOT_ENOUGH_RATINGS}</Typography>
        )}
      </Stack>
    </Paper>
  );
}

/** How a shared question reads follows what its answers carry (domain/questionTypes.ts): one case per kind. */
function SharedFeedback({ question }: { question: SharedQuestionFeedback }): JSX.Element {
  switch (question.answer) {
    case 'rating':
      return (
        <>
          <Typography>
            <Typography component="span" sx={{ fontSize: '1.5rem', fontWeight: 700 }}>
              {formatMean(question.mean)}
            </Typography>
            {` of ${RATING_MAX} from ${plural(question.count, feedbackUnit(question.answer))}`}
          </Typography>
          <Distribution distribution={question.distribution} count={question.count} />
          <TextList title="Comments" texts={question.comments} />
        </>
      );
    case 'written':
      return (
        <>
          <Typography>{plural(question.count, feedbackUnit(question.answer))}</Typography>
          <TextList title="Answers" texts={question.comments} />
        </>
      );
  }
}

/** Comments or written answers under their heading, without their authors. */
function TextList({ title, texts }: { title: string; texts: string[] }) {
  const titleId = useId();
  return (
    <>
      <Typography id={titleId} variant="subtitle2" component="h3">
        {title}
      </Typography>
      {texts.length === 0 ? (
        <Typography color="text.secondary">No comments.</Typography>
      ) : (
        <List aria-labelledby={titleId} disablePadding>
          {texts.map((text, index) => (
            <ListItem key={index} divider disableGutters sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {text}
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}

/** How the ratings spread: one row per star count, 5 stars first, each with its number of ratings. */
function Distribution({ distribution, count }: { distribution: number[]; count: number }) {
  const rows = Array.from({ length: RATING_MAX }, (_, index) => RATING_MAX - index);
  return (
    <Stack component="ul" aria-label="How the ratings spread" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((stars) => {
        const ratings = distribution[stars - 1] ?? 0;
        return (
          <Stack key={stars} component="li" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ width: 56, flexShrink: 0 }}>
              {plural(stars, 'star')}
              <VisuallyHidden>{`: ${plural(ratings, 'rating')}`}</VisuallyHidden>
            </Typography>
            <Box aria-hidden sx={{ flex: 1, height: 12, bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>
              <Box
                sx={{
                  width: `${count > 0 ? (ratings / count) * 100 : 0}%`,
                  height: '100%',
                  bgcolor: 'primary.main',
                  printColorAdjust: 'exact',
                  WebkitPrintColorAdjust: 'exact',
                }}
              />
            </Box>
            <Typography aria-hidden variant="body2" sx={{ width: 24, textAlign: 'right', flexShrink: 0 }}>
              {ratings}
            </Typography>
          </Stack>
        );
      })}
    </Stack>
  );
}
