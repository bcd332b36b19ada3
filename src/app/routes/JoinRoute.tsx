// Route /join/:code: a room's join link. The page's head script normally turns it into
// /presenters?room={code} before the app starts (src/lib/firstScreenVariants.ts); where no such
// page is served (the dev server), the app took the code from the address as it started
// (src/lib/roomChoice.ts), so this route only opens the queue.

import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths';

export default function JoinRoute() {
  return <Navigate to={paths.presenters} replace />;
}
