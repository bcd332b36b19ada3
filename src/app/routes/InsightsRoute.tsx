// Route /events/:eventId/insights: an event's insights (admin).

import { useParams } from 'react-router-dom';
import { EventInsights } from '../../features/insights/EventInsights';

export default function InsightsRoute() {
  const { eventId = '' } = useParams();
  return <EventInsights key={eventId} eventId={eventId} />;
}
