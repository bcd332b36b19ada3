// Route /: the landing page.

import { LandingPage } from '../../features/landing/LandingPage';

export default function HomeRoute() {
  return <LandingPage />;
}
