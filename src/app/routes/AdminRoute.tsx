// The admin routes' frame: sign-in gate, admin bar and admin context (/events, /events/:eventId, /invite).

import { AdminLayout } from '../../features/admin/AdminLayout';

export default function AdminRoute() {
  return <AdminLayout />;
}
