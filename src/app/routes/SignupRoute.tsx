// Route /signup?c=<inviteId>: the presenter signup; the query parameter c is the invite id.

import { useSearchParams } from 'react-router-dom';
import { SignupPage } from '../../features/signup/SignupPage';

export default function SignupRoute() {
  const inviteId = useSearchParams()[0].get('c')?.trim() || null;
  return <SignupPage inviteId={inviteId} />;
}
