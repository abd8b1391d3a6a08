import { fetchAuthSession } from 'aws-amplify/auth';
import { currentSession, endSession, OPEN_AFTER_DELETION, SESSION_END_SENTENCES, sessionEnded, sessionEndOf } from './session-end';

/** An API answer other than 2xx, with the message the server chose for the learner. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | undefined>;

async function authorization(): Promise<Record<string, string>> {
  try {
    // Amplify refreshes an expired ID token here, through the refresh token.
    const session = await fetchAuthSession();
    const token = session.tokens?.idToken?.toString();
    return token ? { authorization: `Bearer ${token}` } : {};
  } catch {
    return {};
  }
}

async function request<T>(method: string, path: string, opts: { query?: Query; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  // A session the server has refused asks nothing more until the tab has signed out (see session-end.ts).
  const ended = sessionEnded();
  if (ended && `${method} ${path}` !== OPEN_AFTER_DELETION) throw new ApiError(401, SESSION_END_SENTENCES[ended], { code: ended });
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  let response: Response;
  const session = currentSession();
  const auth = await authorization();
  try {
    response = await fetch(url, {
      method,
      headers: { accept: 'application/json', ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...auth },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'Unable to reach Options Academy. Please check your internet connection and try again.', null);
  }
  const text = await response.text();
  const body: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const end = sessionEndOf(response.status, body, 'authorization' in auth);
    if (end) endSession(end, session);
    const serverMessage = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
    const message =
      typeof serverMessage === 'string' && serverMessage
        ? serverMessage
        : response.status === 401
          ? 'Your session has ended. Please sign in again.'
          : `The request failed (${response.status}).`;
    throw new ApiError(response.status, message, body);
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  del: <T>(path: string) => request<T>('DELETE', path),
};
