// Route /events/:eventId: the event control screen (admin).

import { EventControl } from '../../features/events/control/EventControl';

export default function EventRoute() {
  return <EventControl />;
}
