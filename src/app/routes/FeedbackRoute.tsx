// Route /feedback/:eventId: the signed-in presenter's feedback from one event, or, with
// ?presenter={id}, an admin's preview of that presenter's. Opened from a result e-mail's sign-in
// link, it signs the presenter in first, on whatever device opens it.

import { useParams, useSearchParams } from 'react-router-dom';
import { EmailLinkSignIn } from '../../features/emailLink/EmailLinkSignIn';
import { FeedbackPage } from '../../features/feedback/FeedbackPage';

export default function FeedbackRoute() {
  const { eventId = '' } = useParams();
  const [search] = useSearchParams();
  const presenterId = search.get('presenter') || undefined;
  return (
    <EmailLinkSignIn>
      <FeedbackPage key={`${eventId}/${presenterId ?? ''}`} eventId={eventId} presenterId={presenterId} />
    </EmailLinkSignIn>
  );
}
