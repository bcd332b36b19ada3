// Whether the backend can be reached, from what requests tell: any answer settles it at once; a
// request that gets none only raises a doubt, and the backend counts as unreachable once a doubt
// has lasted the grace period with nothing answering meanwhile, so that one slow or failed
// request does not flash 'Internet Error!'.

export type Reachability = 'reachable' | 'doubtful' | 'unreachable';

export interface ReachabilityTracker {
  readonly state: Reachability;
  /** Something reached the backend and heard back. */
  answered(): void;
  /** A request could not reach the backend, or has not heard back yet. */
  missed(): void;
  /** Clears the pending grace period. */
  stop(): void;
}

/** Starts reachable; `onChange` gets every new state. */
export function trackReachability(graceMs: number, onChange: (state: Reachability) => void): ReachabilityTracker {
  let state: Reachability = 'reachable';
  let grace: ReturnType<typeof setTimeout> | undefined;

  const become = (next: Reachability) => {
    if (next === state) return;
    state = next;
    onChange(next);
  };

  return {
    get state() {
      return state;
    },
    answered() {
      clearTimeout(grace);
      become('reachable');
    },
    missed() {
      // A doubt already running keeps its deadline: more misses do not push it back.
      if (state !== 'reachable') return;
      grace = setTimeout(() => become('unreachable'), graceMs);
      become('doubtful');
    },
    stop() {
      clearTimeout(grace);
    },
  };
}
