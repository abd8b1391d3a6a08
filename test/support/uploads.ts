import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { tradingDaysEnding } from '@shared/market/calendar';
import { occSymbol } from '@shared/market/occ';
import type { UploadProgress } from '@shared/uploads/report';
import { OPTION_COLUMNS } from '@shared/uploads/rows';
import { cognitoClient, signIn, signUpAndSignIn } from './cognito';
import type { StackInfo } from './local-stack';

/** A new operator (group `admin`) and their ID token. */
export async function signInOperator(stack: StackInfo): Promise<string> {
  const admin = await signUpAndSignIn(stack, { name: 'Operator' });
  await cognitoClient(stack).send(new AdminAddUserToGroupCommand({ UserPoolId: stack.pool.userPoolId, Username: admin.email, GroupName: 'admin' }));
  return (await signIn(stack, admin.email, admin.password)).idToken;
}

/**
 * A CSV of option bars with `rows` rows: SPY calls and puts of the January 2027 expiry, 200 sessions each, up to the
 * last session of October 2026 (all in the past, all before the expiry). Deterministic: the same call gives the same file.
 */
export function optionBarsCsv(rows: number): { csv: string; contracts: string[]; dates: string[] } {
  const dates = tradingDaysEnding('2026-10-30', 200);
  const contractCount = Math.ceil(rows / dates.length);
  const contracts = Array.from({ length: contractCount }, (_, i) => occSymbol('SPY', '2027-01-15', i % 2 ? 'put' : 'call', 400 + Math.floor(i / 2)));
  const lines = [OPTION_COLUMNS.join(',')];
  for (let n = 0; n < rows; n++) {
    const c = Math.floor(n / dates.length);
    const d = n % dates.length;
    const last = (5 + ((c * 7 + d * 3) % 500) / 10).toFixed(2);
    const bid = (Number(last) - 0.05).toFixed(2);
    const ask = (Number(last) + 0.05).toFixed(2);
    const delta = (c % 2 ? -0.4 : 0.4).toFixed(2);
    lines.push([contracts[c], 'SPY', dates[d], bid, ask, last, 100 + d, 1000 + c, '0.2', delta, '0.01', '-0.05', '0.3'].join(','));
  }
  return { csv: `${lines.join('\n')}\n`, contracts, dates };
}

/** Starts an upload through the API and sends the file with the presigned POST, as the page does. */
export async function uploadFile(stack: StackInfo, token: string, kind: 'stock' | 'option', fileName: string, body: string | Uint8Array): Promise<string> {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const start = await fetch(`${stack.url}/api/admin/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ kind, fileName, size: bytes.length }),
  });
  if (start.status !== 201) throw new Error(`POST /api/admin/uploads answered ${start.status}: ${await start.text()}`);
  const { uploadId, url, fields } = (await start.json()) as { uploadId: string; url: string; fields: Record<string, string> };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), fileName);
  const sent = await fetch(url, { method: 'POST', body: form });
  if (sent.status >= 300) throw new Error(`the presigned POST answered ${sent.status}: ${await sent.text()}`);
  return uploadId;
}

/** Polls the upload's progress until it has ended. */
export async function waitForUpload(stack: StackInfo, token: string, uploadId: string, timeoutMs = 180_000): Promise<UploadProgress> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${stack.url}/api/admin/uploads/${uploadId}`, { headers: { authorization: `Bearer ${token}` } });
    const p = (await res.json()) as UploadProgress;
    if (p.state === 'succeeded' || p.state === 'failed') return p;
    if (Date.now() > deadline) throw new Error(`upload ${uploadId} still ${p.state} after ${timeoutMs / 1000} s (${p.rowsRead} rows read)`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
