// The backend as a child process (backendChild.ts) on fixed loopback ports and one data folder:
// started, killed with SIGKILL and started again on the same folder and ports. While it runs, its
// memory and CPU are sampled from /proc every 250 ms (Linux), across restarts.

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface BackendPorts {
  firestore: number;
  storage: number;
  auth: number;
}

export interface BackendUsage {
  /** Highest resident memory seen (bytes). */
  peakRssBytes: number;
  /** Highest CPU use over one second (100 = one core). */
  peakCpuPercent: number;
  /** CPU time used over the whole run, over the wall time it ran (100 = one core). */
  meanCpuPercent: number;
  samples: number;
}

export interface BackendProcess {
  readonly pid: number | undefined;
  /** Resolves once Firestore, Storage and Auth all serve, with how long Firestore and the whole took (ms). */
  start(): Promise<{ firestoreMs: number; readyMs: number }>;
  /** SIGKILL: no shutdown, no flush. Resolves once the process is gone. */
  kill(): Promise<void>;
  stop(): Promise<void>;
  usage(): BackendUsage;
  /** The child's last output lines (for a failure report). */
  output(): string[];
}

const SAMPLE_MS = 250;
const TICKS_PER_SECOND = 100;
const CPU_WINDOW_MS = 1_000;

function readProc(pid: number): { rss: number; ticks: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { rss: rssKb * 1024, ticks };
  } catch {
    return null;
  }
}

export function backendProcess(options: {
  repoRoot: string;
  dataDir: string;
  projectId: string;
  ports: BackendPorts;
  log: (line: string) => void;
}): BackendProcess {
  let child: ChildProcess | null = null;
  let sampler: NodeJS.Timeout | null = null;
  const lines: string[] = [];
  const usage = { peakRssBytes: 0, peakCpuPercent: 0, samples: 0, ticks: 0, ms: 0 };

  const sample = (pid: number) => {
    let last = readProc(pid);
    let lastAt = Date.now();
    sampler = setInterval(() => {
      const now = readProc(pid);
      const at = Date.now();
      if (!now || !last) return;
      usage.samples += 1;
      usage.peakRssBytes = Math.max(usage.peakRssBytes, now.rss);
      // CPU over windows of at least a second: the ticks' 10 ms grain makes shorter ones noisy.
      if (at - lastAt < CPU_WINDOW_MS) return;
      const ticks = now.ticks - last.ticks;
      usage.ticks += ticks;
      usage.ms += at - lastAt;
      usage.peakCpuPercent = Math.max(usage.peakCpuPercent, (ticks / TICKS_PER_SECOND / ((at - lastAt) / 1000)) * 100);
      last = now;
      lastAt = at;
    }, SAMPLE_MS);
  };

  const stopSampling = () => {
    if (sampler) clearInterval(sampler);
    sampler = null;
  };

  const exited = (proc: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) resolve();
      else proc.once('exit', () => resolve());
    });

  return {
    get pid() {
      return child?.pid;
    },
    async start() {
      const { firestore, storage, auth } = options.ports;
      const proc = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(options.repoRoot, 'scripts/rehearse/backendChild.ts'),
          options.dataDir,
          String(firestore),
          String(storage),
          String(auth),
        ],
        {
          cwd: options.repoRoot,
          env: { ...process.env, GCLOUD_PROJECT: options.projectId, METADATA_SERVER_DETECTION: 'none' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      child = proc;
      const spawnedAt = Date.now();
      let firestoreMs = Number.NaN;
      // Generous: the Auth emulator (firebase-tools) loads slowly on a busy 2-core machine.
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`The backend did not start within 180 s:\n${lines.join('\n')}`)),
          180_000,
        );
        const onLine = (chunk: Buffer) => {
          for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
            lines.push(line);
            if (!line.startsWith('READY ')) options.log(`[backend] ${line}`);
            if (line.startsWith('Firestore on') && Number.isNaN(firestoreMs)) firestoreMs = Date.now() - spawnedAt;
            if (lines.length > 50) lines.shift();
            if (line.startsWith('READY ')) {
              clearTimeout(timer);
              resolve();
            }
          }
        };
        proc.stdout?.on('data', onLine);
        proc.stderr?.on('data', onLine);
        proc.once('exit', (code, signal) => {
          clearTimeout(timer);
          reject(new Error(`The backend exited (${signal ?? code}) before it was ready:\n${lines.join('\n')}`));
        });
      });
      const readyMs = Date.now() - spawnedAt;
      options.log(
        `backend ready (pid ${proc.pid}): Firestore after ${(firestoreMs / 1000).toFixed(1)} s, all after ${(readyMs / 1000).toFixed(1)} s`,
      );
      if (proc.pid) sample(proc.pid);
      return { firestoreMs, readyMs };
    },
    async kill() {
      const proc = child;
      if (!proc) return;
      stopSampling();
      proc.kill('SIGKILL');
      await exited(proc);
      child = null;
    },
    async stop() {
      const proc = child;
      if (!proc) return;
      stopSampling();
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited(proc);
      clearTimeout(timer);
      child = null;
    },
    usage() {
      return {
        peakRssBytes: usage.peakRssBytes,
        peakCpuPercent: Math.round(usage.peakCpuPercent),
        meanCpuPercent: usage.ms > 0 ? Math.round((usage.ticks / TICKS_PER_SECOND / (usage.ms / 1000)) * 100) : 0,
        samples: usage.samples,
      };
    },
    output: () => [...lines],
  };
}
