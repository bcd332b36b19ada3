// Route /results: the session results.

import { SessionResults } from '../../features/results/SessionResults';

export default function ResultsRoute() {
  return <SessionResults />;
}
