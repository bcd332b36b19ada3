// Route /results: the session results. Opened from a provider's result e-mail's sign-in link, it
// signs the provider in first and takes their stored profile to this browser, so Your Matches shows
// theirs on whatever device opens it.

import { useCallback } from 'react';
import { useUser } from '../../contexts/UserContext';
import { getProviderProfile } from '../../db/deferred';
import { EmailLinkSignIn } from '../../features/emailLink/EmailLinkSignIn';
import { SessionResults } from '../../features/results/SessionResults';

export default function ResultsRoute() {
  const { setUser } = useUser();
  const adoptProfile = useCallback(async () => {
    const profile = await getProviderProfile();
    if (profile) setUser(profile);
  }, [setUser]);
  return (
    <EmailLinkSignIn onSignedIn={adoptProfile}>
      <SessionResults />
    </EmailLinkSignIn>
  );
}
