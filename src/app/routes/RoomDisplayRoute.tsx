// Route /events/:eventId/screen: the room display for the projector (public, read-only).

import { useParams } from 'react-router-dom';
import { RoomDisplay } from '../../features/roomDisplay/RoomDisplay';

export default function RoomDisplayRoute() {
  const { eventId = '' } = useParams();
  return <RoomDisplay key={eventId} eventId={eventId} />;
}
