// Route /presenters: the live presenter queue, or the countdown or Event Closed page.

import { PresenterList } from '../../features/presenters/PresenterList';

export default function PresentersRoute() {
  return <PresenterList />;
}
