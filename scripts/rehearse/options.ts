// The rehearsal's settings: sized by default for this machine (2 cores), each one a flag of
// `npm run rehearse`.

import { parseArgs } from 'node:util';

export interface RehearsalOptions {
  /** SDK providers: the real web SDK in Node, running the app's src/db code. */
  providers: number;
  /** Presenters invited and signed up through their links. */
  presenters: number;
  /** Rounds of the event (1-3); the presenters are spread over them. */
  rounds: number;
  /**
   * Events running at once (parallel rooms), each with its own admin page, its own
   * presenters (`presenters` each) and a share of the providers and phones, which join their room
   * by its link; the report has a part per room.
   */
  rooms: number;
  /** The share of SDK providers that go offline once, mid-rating, and come back. */
  dropRate: number;
  /** The shortest and longest of the phones' drop-outs, in seconds (the gaps between them are drawn from the same range). */
  dropMin: number;
  dropMax: number;
  /** Seconds of the live part (Start to Complete All), spread over the admin's presses. */
  duration: number;
  /** Providers on real Chromium pages at 360 px, rating through the UI. */
  phones: number;
  /** Worker threads the SDK providers are spread over. */
  threads: number;
  /** Kill the backend with SIGKILL midway and restart it (on by default). */
  kill: boolean;
  /** Where to write the report as JSON, if anywhere. */
  json?: string;
  /** The whole rehearsal's deadline, in seconds. */
  timeout: number;
  /** Seed of the random answers, drops and delays (the same seed gives the same plan). */
  seed: number;
  /**
   * A build of the app with placeholders for the project and the backend (scripts/hosting/build.ts),
   * served filled in instead of building the app again: the test run's shared build. Its other
   * settings are the defaults, which the rehearsal's are.
   */
  prebuiltApp?: string;
  /** Progress lines; silent when absent. */
  log?: (line: string) => void;
  /** Stops the rehearsal (Ctrl-C); its clean-up still runs. */
  abort?: AbortSignal;
}

export const DEFAULT_OPTIONS: Omit<RehearsalOptions, 'log' | 'abort'> = {
  providers: 30,
  presenters: 6,
  rounds: 2,
  rooms: 1,
  dropRate: 0.2,
  dropMin: 5,
  dropMax: 60,
  duration: 60,
  phones: 2,
  // One thread per core: a provider costs little CPU between changes, and ~4.5 MB of memory.
  threads: 2,
  kill: true,
  timeout: 900,
  seed: Date.now() % 1_000_000,
};

export const USAGE = `Usage: npm run rehearse -- [--providers N] [--presenters N] [--rounds N] [--rooms N] [--drop-rate R]
                           [--drop-min S] [--drop-max S] [--duration S] [--phones N] [--threads N]
                           [--no-kill] [--seed N] [--timeout S] [--json FILE]

  --providers N    SDK providers (the app's src/db code on the web SDK in Node)   default ${DEFAULT_OPTIONS.providers}
  --presenters N   presenters invited and signed up (per room)                   default ${DEFAULT_OPTIONS.presenters}
  --rounds N       rounds (1-3)                                                  default ${DEFAULT_OPTIONS.rounds}
  --rooms N        events open at once (1-4), each with its own admin page and   default ${DEFAULT_OPTIONS.rooms}
                   presenters; providers and phones are shared out among them
  --drop-rate R    share of SDK providers that go offline once mid-rating        default ${DEFAULT_OPTIONS.dropRate}
  --drop-min S     shortest of the phones' drop-outs off the network             default ${DEFAULT_OPTIONS.dropMin}
  --drop-max S     longest of them (they drop out again and again, seeded)       default ${DEFAULT_OPTIONS.dropMax}
  --duration S     seconds from Start Event to Complete All                      default ${DEFAULT_OPTIONS.duration}
  --phones N       providers on Chromium pages at 360 px                         default ${DEFAULT_OPTIONS.phones}
  --threads N      worker threads for the SDK providers                          default ${DEFAULT_OPTIONS.threads}
  --no-kill        do not kill and restart the backend midway
  --seed N         seed of the random plan (answers, drops, delays)
  --timeout S      deadline of the whole rehearsal                               default ${DEFAULT_OPTIONS.timeout}
  --json FILE      also write the report as JSON`;

function number(value: string | undefined, name: string, fallback: number, check: (n: number) => boolean): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || !check(parsed)) throw new Error(`--${name} is out of range: ${value}\n\n${USAGE}`);
  return parsed;
}

/** The options from command-line arguments; null when --help was asked. */
export function parseOptions(args: string[]): Omit<RehearsalOptions, 'log' | 'abort'> | null {
  const { values } = parseArgs({
    args,
    options: {
      providers: { type: 'string' },
      presenters: { type: 'string' },
      rounds: { type: 'string' },
      rooms: { type: 'string' },
      'drop-rate': { type: 'string' },
      'drop-min': { type: 'string' },
      'drop-max': { type: 'string' },
      duration: { type: 'string' },
      phones: { type: 'string' },
      threads: { type: 'string' },
      'no-kill': { type: 'boolean', default: false },
      seed: { type: 'string' },
      timeout: { type: 'string' },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return null;
  const whole = (n: number) => Number.isInteger(n) && n >= 0;
  const options = {
    providers: number(values.providers, 'providers', DEFAULT_OPTIONS.providers, whole),
    presenters: number(values.presenters, 'presenters', DEFAULT_OPTIONS.presenters, (n) => whole(n) && n >= 1 && n <= 200),
    rounds: number(values.rounds, 'rounds', DEFAULT_OPTIONS.rounds, (n) => Number.isInteger(n) && n >= 1 && n <= 3),
    rooms: number(values.rooms, 'rooms', DEFAULT_OPTIONS.rooms, (n) => Number.isInteger(n) && n >= 1 && n <= 4),
    dropRate: number(values['drop-rate'], 'drop-rate', DEFAULT_OPTIONS.dropRate, (n) => n >= 0 && n <= 1),
    dropMin: number(values['drop-min'], 'drop-min', DEFAULT_OPTIONS.dropMin, (n) => n >= 1),
    dropMax: number(values['drop-max'], 'drop-max', DEFAULT_OPTIONS.dropMax, (n) => n >= 1),
    duration: number(values.duration, 'duration', DEFAULT_OPTIONS.duration, (n) => n >= 5),
    phones: number(values.phones, 'phones', DEFAULT_OPTIONS.phones, whole),
    threads: number(values.threads, 'threads', DEFAULT_OPTIONS.threads, (n) => whole(n) && n >= 1),
    kill: !values['no-kill'],
    seed: number(values.seed, 'seed', DEFAULT_OPTIONS.seed, whole),
    timeout: number(values.timeout, 'timeout', DEFAULT_OPTIONS.timeout, (n) => n >= 30),
    json: values.json,
  };
  if (options.dropMax < options.dropMin) throw new Error(`--drop-max must be at least --drop-min.`);
  if (options.presenters < options.rounds) throw new Error(`--presenters must be at least --rounds (one presenter per round).`);
  return options;
}
