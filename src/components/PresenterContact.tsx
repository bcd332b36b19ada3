// A presenter's company, e-mail (a mailto link) and LinkedIn profile, each only when known: the
// contact lines beside their avatar on the match details page and in the results dialog.

import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { PresenterDetails } from '../types/finalMatch';

export function PresenterContact({ details }: { details: Pick<PresenterDetails, 'company' | 'email' | 'linkedin_url'> }) {
  return (
    <>
      {details.company && <Typography>{details.company}</Typography>}
      {details.email && (
        <Link href={`mailto:${details.email}`} sx={{ overflowWrap: 'anywhere' }}>
          {details.email}
        </Link>
      )}
      {details.linkedin_url && (
        <Link href={details.linkedin_url} target="_blank" rel="noopener noreferrer">
          View LinkedIn Profile
        </Link>
      )}
    </>
  );
}
