/**
 * Runs before the end-to-end tests: finds Chromium (CHROMIUM_PATH, else Debian's /usr/bin/chromium),
 * installs Debian's package when it is missing and this is root with apt-get, and otherwise stops
 * with a message saying how to install it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
}

function main() {
  const path = chromiumPath();
  if (existsSync(path)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!process.env.CHROMIUM_PATH && isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium package with apt-get...");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (existsSync(DEFAULT_CHROMIUM)) return;
  }
  console.error(
    [
      `The end-to-end tests need Chromium at ${path}, and it is not there.`,
      'Install it with:  sudo apt-get install -y chromium   (Debian/Ubuntu)',
      'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
    ].join('\n'),
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
