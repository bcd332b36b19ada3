// Route /feedback/:eventId: the signed-in presenter's feedback from one event, or, with
// ?presenter={id}, an admin's preview of that presenter's.

import { useParams, useSearchParams } from 'react-router-dom';
import { FeedbackPage } from '../../features/feedback/FeedbackPage';

export default function FeedbackRoute() {
  const { eventId = '' } = useParams();
  const [search] = useSearchParams();
  const presenterId = search.get('presenter') || undefined;
  return <FeedbackPage key={`${eventId}/${presenterId ?? ''}`} eventId={eventId} presenterId={presenterId} />;
}
