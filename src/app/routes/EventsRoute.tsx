// Route /events: the events dashboard (admin).

import { EventsDashboard } from '../../features/events/EventsDashboard';

export default function EventsRoute() {
  return <EventsDashboard />;
}
