// Route /invite: presenter management (admin).

import { PresenterManagement } from '../../features/presenterAdmin/PresenterManagement';

export default function InviteRoute() {
  return <PresenterManagement />;
}
