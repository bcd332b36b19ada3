// Route /welcome: the event's welcome screen, outside the shared frame.

import { WelcomePage } from '../../features/welcome/WelcomePage';

export default function WelcomeRoute() {
  return <WelcomePage />;
}
