// The admin routes' frame: sign-in gate, admin bar and admin context (/events, /events/:eventId, /invite).

import { useMatches } from 'react-router-dom';
import { AdminLayout } from '../../features/admin/AdminLayout';

export default function AdminRoute() {
  // The screen's code is fetched once an admin is in; a sign-in starts it (src/app/router.tsx).
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { fetchScreen?: () => void } | undefined;
  return <AdminLayout onSignInStart={handle?.fetchScreen} />;
}
