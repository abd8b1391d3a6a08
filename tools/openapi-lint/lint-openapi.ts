/**
 * `npm run lint:openapi`: writes the API document (GET /api/openapi.json, built from the routes and the contracts
 * exactly as the handler builds it) to a temporary file and lints it with Redocly's CLI under its `recommended`
 * rules (redocly.yaml). Redocly's own exit code counts errors only; this check fails on any error or warning, so a
 * warning cannot pile up unnoticed. `npm run lint:openapi -- some.json` lints that file instead.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openApiDocument } from '../../functions/openapi/document';
import { contractOf } from '../../functions/openapi/contracts';
import { routes } from '../../functions/routes';

const repo = fileURLToPath(new URL('../..', import.meta.url));

export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  /** Where in the document (a JSON pointer), when Redocly says. */
  pointer?: string;
}

/** Lints one OpenAPI file with Redocly's CLI and the repository's redocly.yaml; every problem it reports. */
export function lintOpenApiFile(file: string): Promise<LintProblem[]> {
  const cli = join(repo, 'node_modules/@redocly/cli/bin/cli.js');
  const args = [cli, 'lint', resolve(file), '--config', join(repo, 'redocly.yaml'), '--format', 'json'];
  // No usage telemetry and no update check from a test run.
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  return new Promise((done, fail) => {
    execFile(process.execPath, args, { cwd: repo, env, maxBuffer: 64 * 1024 * 1024 }, (_error, stdout, stderr) => {
      // Redocly exits 1 when it finds an error; the JSON report on stdout says what, in either case.
      const start = stdout.indexOf('{');
      if (start < 0) return fail(new Error(`Redocly gave no report:\n${stderr}`));
      const report = JSON.parse(stdout.slice(start)) as { problems: (LintProblem & { location?: { pointer?: string }[] })[] };
      done(
        report.problems.map(({ ruleId, severity, message, location }) => ({
          ruleId,
          severity,
          message,
          ...(location?.[0]?.pointer ? { pointer: location[0].pointer } : {}),
        })),
      );
    });
  });
}

/**
 * The one rule the document breaks on purpose: a route whose success is a browser redirect (302, the Kite login's
 * callback) has no 2XX answer, which `operation-2xx-response` asks of every API operation. Only that rule, only at
 * those operations' responses, is let through.
 */
const redirectResponses = (): Set<string> =>
  new Set(
    routes.flatMap((r) => {
      const [method, path] = r.routeKey.split(' ') as [string, string];
      const contract = contractOf(r.routeKey);
      return contract?.status === 302 ? [`#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method.toLowerCase()}/responses`] : [];
    }),
  );

/** Lints the API document as the handler serves it. */
export async function lintApiDocument(): Promise<LintProblem[]> {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(openApiDocument({ routes, version: 'lint' }), null, 2));
    const redirects = redirectResponses();
    return (await lintOpenApiFile(file)).filter((p) => !(p.ruleId === 'operation-2xx-response' && p.pointer && redirects.has(p.pointer)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const file = process.argv[2];
  const problems = await (file ? lintOpenApiFile(file) : lintApiDocument());
  for (const p of problems) console.error(`${p.severity === 'error' ? 'error' : 'warning'}  ${p.ruleId}  ${p.message}`);
  if (problems.length) {
    console.error(`\nThe API document breaks Redocly's recommended rules ${problems.length} time(s).`);
    process.exitCode = 1;
  } else console.log("The API document passes Redocly's recommended rules with no error and no warning.");
}
