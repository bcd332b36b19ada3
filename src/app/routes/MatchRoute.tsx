// Route /match/:id: one presenter's match details.

import { useParams } from 'react-router-dom';
import { MatchDetails } from '../../features/match/MatchDetails';

export default function MatchRoute() {
  const { id = '' } = useParams();
  return <MatchDetails key={id} matchId={id} />;
}
