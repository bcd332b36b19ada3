// Route /profile: the provider's profile form.

import { ProfileForm } from '../../features/profile/ProfileForm';

export default function ProfileRoute() {
  return <ProfileForm />;
}
