// Route /questions/:presenterId: the rating questionnaire for one presenter.

import { useParams } from 'react-router-dom';
import { QuestionForm } from '../../features/questions/QuestionForm';

export default function QuestionsRoute() {
  const { presenterId = '' } = useParams();
  return <QuestionForm key={presenterId} presenterId={presenterId} />;
}
