// The built app served as Firebase Hosting serves it: firebase-tools' own Hosting emulator, with
// firebase.json's hosting section as it is (cleanUrls, rewrites, the 404 page, headers), on the
// files a deploy would upload (firebase-tools' own file listing with the section's `ignore`, so
// no source map is served). The one change is the Content-Security-Policy's backend: the local
// emulators' hosts instead of Google's (scripts/hosting/headers.ts). `npm run serve`, the browser
// tests, the rehearsal and the load benchmarks serve the app through it.
//
// A deploy replaces the site as one release: `deploy(dir)` stages the new files beside the old
// ones and switches the served folder (a symbolic link) in one rename, as Hosting switches
// releases, so a test can deploy a new build while phones are on the old one.

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { securityHeaders, SECURITY_HEADERS_SOURCE, type HostingTarget, type Header } from './headers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const FIREBASE_CLI = require.resolve('firebase-tools/lib/bin/firebase.js');
/** The listing `firebase deploy` uploads a site from (firebase-tools' lib/deploy/hosting/deploy.js). */
const { listFiles } = require('firebase-tools/lib/listFiles.js') as { listFiles(cwd: string, ignore?: string[]): string[] };

/** firebase.json's hosting section, as far as this module reads it. */
export interface HostingSection {
  public: string;
  ignore?: string[];
  headers?: { source: string; headers: Header[] }[];
  [key: string]: unknown;
}

/** firebase.json's hosting section. */
export async function readHostingSection(projectRoot = root): Promise<HostingSection> {
  const config = JSON.parse(await fs.readFile(path.join(projectRoot, 'firebase.json'), 'utf8')) as { hosting?: HostingSection };
  if (!config.hosting) throw new Error('firebase.json has no "hosting" section.');
  return config.hosting;
}

/** The section with its security headers entry made for `target` (the rest as it is). */
export function hostingFor(section: HostingSection, target: HostingTarget): HostingSection {
  const headers = section.headers ?? [];
  if (!headers.some((entry) => entry.source === SECURITY_HEADERS_SOURCE)) {
    throw new Error(`firebase.json's hosting headers have no "${SECURITY_HEADERS_SOURCE}" entry: run npm run hosting:headers.`);
  }
  return {
    ...section,
    headers: headers.map((entry) =>
      entry.source === SECURITY_HEADERS_SOURCE ? { source: entry.source, headers: securityHeaders(target) } : entry,
    ),
  };
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Copies what a deploy of `siteDir` would upload into `to`. */
async function stage(siteDir: string, ignore: string[], to: string): Promise<void> {
  const files = listFiles(siteDir, ignore);
  if (!files.includes('index.html')) throw new Error(`${siteDir} has no index.html: build the app first (npm run build).`);
  await fs.mkdir(to, { recursive: true });
  await Promise.all(
    files.map(async (file) => {
      await fs.mkdir(path.dirname(path.join(to, file)), { recursive: true });
      await fs.copyFile(path.join(siteDir, file), path.join(to, file));
    }),
  );
}

export interface HostingOptions {
  /** The built app to serve (a Vite build of this project). */
  siteDir: string;
  /** A demo- project id: the emulator then reaches for nothing outside this machine. */
  projectId: string;
  target: HostingTarget;
  /** The port to serve on (a free one when absent). */
  port?: number;
  /** Each line the emulator prints (its request log included); kept for the error otherwise. */
  log?: (line: string) => void;
  /**
   * The hosting section to serve instead of firebase.json's, as it is: its headers are not made
   * for `target` (a test's broken copy, say, without the security headers).
   */
  section?: HostingSection;
}

export interface HostingEmulator {
  /** The site's origin, e.g. http://127.0.0.1:5000. */
  url: string;
  /** Serves `siteDir` from now on, as a new release of the site. */
  deploy(siteDir: string): Promise<void>;
  close(): Promise<void>;
}

/** Waits until the site answers, or fails with the emulator's output if it exits first. */
async function answering(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  for (;;) {
    if (exited !== null) throw new Error(`firebase-tools' Hosting emulator stopped (exit ${exited}):\n${output()}`);
    try {
      await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`firebase-tools' Hosting emulator did not answer at ${url}:\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** How many starts a Hosting emulator gets when a port it was given is taken meanwhile. */
const PORT_ATTEMPTS = 3;

/** Starts firebase-tools' Hosting emulator on `siteDir` with firebase.json's hosting section. */
export async function startHostingEmulator(options: HostingOptions): Promise<HostingEmulator> {
  const section = options.section ?? (await readHostingSection());
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hosting-'));
  const served = path.join(dir, 'site');
  let release = 0;
  const deploy = async (siteDir: string) => {
    release += 1;
    const releaseDir = path.join(dir, `release-${release}`);
    await stage(siteDir, section.ignore ?? [], releaseDir);
    const link = path.join(dir, `site-${release}`);
    await fs.symlink(releaseDir, link, 'dir');
    await fs.rename(link, served);
  };

  let child: ChildProcess | null = null;
  try {
    await deploy(options.siteDir);
    const configFile = path.join(dir, 'firebase.json');
    const lines: string[] = [];
    const take = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (line.trim() === '') continue;
        lines.push(line);
        if (lines.length > 200) lines.shift();
        options.log?.(line);
      }
    };
    // The ports are found free here and taken by firebase-tools a moment later, and in between any
    // process's outgoing connection may get one of them (they come from the same range): a start
    // that finds one taken tries again on other ports, a few times.
    let url = '';
    for (let attempt = 1; ; attempt++) {
      const [port, hub, logging] = await Promise.all([options.port ?? freePort(), freePort(), freePort()]);
      const config = {
        hosting: { ...(options.section ?? hostingFor(section, options.target)), public: 'site' },
        emulators: {
          hosting: { host: '127.0.0.1', port },
          hub: { host: '127.0.0.1', port: hub },
          logging: { host: '127.0.0.1', port: logging },
          ui: { enabled: false },
        },
      };
      await fs.writeFile(configFile, JSON.stringify(config, null, 2));
      lines.length = 0;
      child = spawn(
        process.execPath,
        [FIREBASE_CLI, 'emulators:start', '--only', 'hosting', '--project', options.projectId, '--config', configFile],
        { cwd: dir, env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child.stdout?.on('data', take);
      child.stderr?.on('data', take);
      url = `http://127.0.0.1:${port}`;
      try {
        await answering(url, child, () => lines.join('\n'), 60_000);
        break;
      } catch (error) {
        const portTaken = child.exitCode !== null && lines.some((line) => /port taken/i.test(line));
        if (!portTaken || attempt === PORT_ATTEMPTS) throw error;
        options.log?.(`A port was taken before firebase-tools could listen on it; starting again on others.`);
      }
    }
    const started = child;

    return {
      url,
      deploy,
      async close() {
        if (started.exitCode === null && started.signalCode === null) {
          const exited = new Promise((resolve) => started.once('exit', resolve));
          started.kill('SIGINT');
          const timer = setTimeout(() => started.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timer);
        }
        await fs.rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    child?.kill('SIGKILL');
    await fs.rm(dir, { recursive: true, force: true });
    throw error;
  }
}
