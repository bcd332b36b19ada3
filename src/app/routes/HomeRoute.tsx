// Route /: for now the live status note; the landing page with the sessions replaces it.

import { StatusNoteCard } from '../../features/status/StatusNoteCard';

export default function HomeRoute() {
  return <StatusNoteCard />;
}
