// Route /meetings/:eventId: the signed-in presenter's or provider's meetings at one event. Opened
// from a result e-mail's sign-in link, it signs the person in first, on whatever device opens it.

import { useParams } from 'react-router-dom';
import { EmailLinkSignIn } from '../../features/emailLink/EmailLinkSignIn';
import { MyMeetings } from '../../features/meetings/MyMeetings';

export default function MeetingsRoute() {
  const { eventId = '' } = useParams();
  return (
    <EmailLinkSignIn>
      <MyMeetings key={eventId} eventId={eventId} />
    </EmailLinkSignIn>
  );
}
