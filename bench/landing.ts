import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { LANDING_PAGE_FILE, SHELL_FILE } from '../infra/spa-routing';
import { freePort } from '../local/ports';
import { chromiumPath } from '../test/e2e/ensure-chromium';
import { newDataDir, REPO_ROOT, spawnLocalStack } from '../test/support/local-stack';
import { startupIngestionDone } from './local-market';
import type { BenchSuite } from './suites';

/**
 * Issue 33's landing targets, measured on the built app as a learner downloads it: the local gateway serves web/dist
 * compressed as CloudFront does, with the API behind it (the tapes, the stats and the stories are live), and Lighthouse 12
 * loads `/` and `/optionschain` at its mobile and desktop settings with simulated throttling (a mid-range phone on a slow
 * 4G link for mobile). Each page runs LANDING_RUNS times (3 by default) in a fresh browser profile; the table shows the
 * median, beside the targets: mobile performance ≥ 90, LCP ≤ 2.5 s, CLS ≤ 0.1, accessibility, best practices and SEO 100.
 *
 * A first visit to any page but `/` is sent to the landing page first (the app's first-visit rule), so before measuring
 * `/optionschain` the profile records the landing page as seen, as a visitor's browser does after that first visit.
 * PORT, DYNAMODB_PORT, COGNITO_PORT, AWS_LOCAL_PORT, ALPACA_PORT, S3_PORT and KITE_PORT, when set, choose the stack's ports (else free ones);
 * CHROME_PORT the browser's debugging port; LANDING_FORMS and LANDING_PAGES, when set, measure only the forms and pages
 * they list (comma-separated: `LANDING_FORMS=mobile LANDING_PAGES=/`); LANDING_REPORT_DIR, when set, a folder to keep
 * each run's Lighthouse report in (JSON: the network requests, the main thread's breakdown, the long tasks).
 */
const PAGES = ['/', '/optionschain'] as const;
const FORMS = ['mobile', 'desktop'] as const;
type Form = (typeof FORMS)[number];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const LANDING_SEEN_KEY = 'options-academy.landing-seen';
const PORT_VARIABLES = ['PORT', 'DYNAMODB_PORT', 'COGNITO_PORT', 'AWS_LOCAL_PORT', 'ALPACA_PORT', 'S3_PORT', 'KITE_PORT'];

const DIST = path.join(REPO_ROOT, 'web', 'dist');
/** What the build reads: a file here newer than web/dist/index.html means the build is stale. */
const BUILD_INPUTS = ['web/src', 'web/public', 'web/index.html', 'web/prerender.ts', 'shared', 'vite.config.ts', 'aliases.ts', 'package-lock.json'];

interface Measure {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** Lighthouse's measure of this machine's speed at the time (a typical desktop scores about 1,000 to 2,000). */
  benchmarkIndex: number;
  failing: string[];
}

export const landingSuite: BenchSuite = {
  name: 'landing',
  title: 'Lighthouse on the built landing page and public chain, mobile and desktop (local stack, compressed)',
  explicit: true,
  async run() {
    buildIfStale();
    printFirstLoad();
    const runs = Math.max(1, Number(process.env.LANDING_RUNS ?? 3));
    const env: Record<string, string> = { LOG_REQUESTS: '0', DYNAMODB_IN_MEMORY: '1' };
    for (const name of PORT_VARIABLES) if (process.env[name]) env[name] = process.env[name]!;
    const stack = await spawnLocalStack({ dataDir: newDataDir('bench-landing'), webMode: 'dist', env });
    try {
      // The tapes show prices once the start-up ingestion has filled the market.
      await startupIngestionDone(stack, 180_000);
      await warmUp(stack.url);
      const rows: { page: string; form: Form; median: Measure; all: Measure[] }[] = [];
      for (const form of FORMS.filter((f) => only('LANDING_FORMS', f))) {
        for (const page of PAGES.filter((p) => only('LANDING_PAGES', p))) {
          const all: Measure[] = [];
          for (let i = 0; i < runs; i++) all.push(await measure(stack.url, page, form, `${form}${page.replace(/\//g, '_')}-${i + 1}`));
          rows.push({ page, form, all, median: medianOf(all) });
        }
      }
      printTable(rows, runs);
    } finally {
      await stack.stop();
      rmSync(stack.dataDir, { recursive: true, force: true });
    }
  },
};

/** LANDING_FORMS=mobile or LANDING_PAGES=/optionschain (comma-separated) measures only those; all when unset. */
function only(variable: string, value: string): boolean {
  const list = process.env[variable]?.split(',').map((v) => v.trim());
  return !list?.length || list.includes(value);
}

function newestMtime(p: string): number {
  const full = path.join(REPO_ROOT, p);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce((max, child) => Math.max(max, newestMtime(path.join(p, child))), stat.mtimeMs);
}

function buildIfStale() {
  const index = path.join(DIST, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (built > Math.max(...BUILD_INPUTS.map(newestMtime))) {
    console.log('web/dist is up to date');
    return;
  }
  console.log('building the web app (npm run build:web)...');
  execFileSync('npm', ['run', '--silent', 'build:web'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The JavaScript and CSS a visitor to `/` downloads before the page can show: the entry, what it preloads, the landing's chunks. */
function printFirstLoad() {
  // The page `/` is served: the prerendered landing page (infra/spa-routing.ts), else the shell.
  const landingHtml = path.join(DIST, LANDING_PAGE_FILE);
  const html = readFileSync(existsSync(landingHtml) ? landingHtml : path.join(DIST, SHELL_FILE), 'utf8');
  // In src and href, and in the landing page's data-entry and data-preload (the code it starts after the first paint).
  const entry = [...new Set([...html.matchAll(/\/(assets\/[^"\s]+\.(?:js|css))/g)].map((m) => m[1]!))];
  const landing = readdirSync(path.join(DIST, 'assets')).find((f) => /^landing-page-.*\.js$/.test(f));
  const files = staticClosure([...entry, ...(landing ? [`assets/${landing}`] : [])]);
  const sum = (ext: string) =>
    files
      .filter((f) => f.endsWith(ext))
      .reduce(
        (t, f) => {
          const body = readFileSync(path.join(DIST, f));
          return { raw: t.raw + body.length, br: t.br + brotliCompressSync(body).length };
        },
        { raw: 0, br: 0 },
      );
  const js = sum('.js');
  const css = sum('.css');
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `landing first load: ${files.filter((f) => f.endsWith('.js')).length} JS files, ${kib(js.raw)} (${kib(js.br)} brotli); CSS ${kib(css.raw)} (${kib(css.br)} brotli)`,
  );
}

/** The files reached from these by static imports (`import … from "./x.js"`); a dynamic `import("./x.js")` loads later and is not followed. */
function staticClosure(start: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    const body = readFileSync(path.join(DIST, file), 'utf8');
    for (const m of body.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.(?:js|css))["']/g)) queue.push(`assets/${m[1]}`);
  }
  return [...seen];
}

/**
 * One unmeasured visit of each page first: the gateway compresses a file on its first request and keeps it, and the API
 * handlers load on theirs; in AWS both are warm (CloudFront's cache, warm functions), so the measured runs should be too.
 */
async function warmUp(origin: string) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext();
    await context.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), LANDING_SEEN_KEY);
    const tab = await context.newPage();
    for (const page of PAGES) await tab.goto(`${origin}${page}`, { waitUntil: 'networkidle', timeout: 180_000 });
  } finally {
    await browser.close();
  }
}

async function measure(origin: string, page: string, form: Form, name: string): Promise<Measure> {
  const profile = mkdtempSync(path.join(tmpdir(), 'oa-lighthouse-'));
  const port = process.env.CHROME_PORT ? Number(process.env.CHROME_PORT) : await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? chromiumPath(),
    headless: true,
    args: [
      `--remote-debugging-port=${port}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    if (page !== '/') {
      // A visitor who has already seen the landing page, so the first-visit rule lets the page asked for open.
      const tab = await context.newPage();
      await tab.goto(`${origin}/robots.txt`);
      await tab.evaluate((key) => localStorage.setItem(key, new Date().toISOString()), LANDING_SEEN_KEY);
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Network.clearBrowserCache');
      await tab.close();
    }
    // The storage reset would clear the flag above; the profile is new, so there is nothing else to clear.
    const flags: Flags = { port, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: [...CATEGORIES] };
    const config: Config | undefined = form === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(`${origin}${page}`, flags, config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
    const reports = process.env.LANDING_REPORT_DIR;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      writeFileSync(path.join(reports, `${name}.json`), JSON.stringify(result.lhr));
    }
    return measureOf(result.lhr);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

function measureOf(lhr: Result): Measure {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Measure['scores'];
  const failing: string[] = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
      failing.push(`${c}: ${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    }
  }
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    scores,
    lcpMs: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbtMs: num('total-blocking-time'),
    fcpMs: num('first-contentful-paint'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failing,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function medianOf(all: Measure[]): Measure {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(all.map((m) => m.scores[c]))])) as Measure['scores'];
  return {
    scores,
    lcpMs: median(all.map((m) => m.lcpMs)),
    cls: median(all.map((m) => m.cls)),
    tbtMs: median(all.map((m) => m.tbtMs)),
    fcpMs: median(all.map((m) => m.fcpMs)),
    benchmarkIndex: median(all.map((m) => m.benchmarkIndex)),
    failing: [...new Set(all.flatMap((m) => m.failing))],
  };
}

function printTable(rows: { page: string; form: Form; median: Measure; all: Measure[] }[], runs: number) {
  const pad = (s: string, n: number) => s.padEnd(n);
  const mark = (ok: boolean) => (ok ? ' ' : '✗');
  console.log(`median of ${runs} run${runs === 1 ? '' : 's'} (✗ = target missed; the performance target is for mobile)`);
  console.log("CPU is Lighthouse's benchmark index of this machine during the runs: far below 1,000, a busy machine inflates TBT and the score.");
  console.log(
    `${pad('page', 14)}${pad('form', 9)}${pad('perf', 7)}${pad('a11y', 7)}${pad('b.p.', 7)}${pad('SEO', 7)}${pad('LCP', 10)}${pad('CLS', 9)}${pad('FCP', 9)}TBT`,
  );
  for (const { page, form, median: m, all } of rows) {
    const perfOk = form === 'desktop' || m.scores.performance >= 90;
    console.log(
      pad(page, 14) +
        pad(form, 9) +
        pad(`${m.scores.performance}${mark(perfOk)}`, 7) +
        pad(`${m.scores.accessibility}${mark(m.scores.accessibility === 100)}`, 7) +
        pad(`${m.scores['best-practices']}${mark(m.scores['best-practices'] === 100)}`, 7) +
        pad(`${m.scores.seo}${mark(m.scores.seo === 100)}`, 7) +
        pad(`${(m.lcpMs / 1000).toFixed(2)} s${mark(m.lcpMs <= 2500)}`, 10) +
        pad(`${m.cls.toFixed(3)}${mark(m.cls <= 0.1)}`, 9) +
        pad(`${(m.fcpMs / 1000).toFixed(2)} s`, 9) +
        pad(`${Math.round(m.tbtMs)} ms`, 10) +
        `CPU ${Math.round(m.benchmarkIndex)}` +
        (all.length > 1 ? `   (perf ${all.map((x) => x.scores.performance).join(', ')})` : ''),
    );
  }
  console.log(`${pad('targets', 23)}${pad('≥ 90', 7)}${pad('100', 7)}${pad('100', 7)}${pad('100', 7)}${pad('≤ 2.5 s', 10)}≤ 0.1`);
  for (const { page, form, median: m } of rows) {
    if (m.failing.length) console.log(`  ${page} ${form}, below 0.9 in some run: ${m.failing.join('; ')}`);
  }
}
