import { JwtVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { BoundedMap } from '../shared/bounded-map';

/** Tokens verified, kept until they expire (a learner's session sends the same ID token on every request). */
const VERIFIED_KEPT = 10_000;

/**
 * What API Gateway's Cognito JWT authorizer does, done locally: take the bearer token from the
 * Authorization header, check issuer, audience (the ID token's `aud` or the access token's
 * `client_id` must be the app client), expiry and the RS256 signature against the pool's JWKS.
 * The local pool serves its JWKS over http, which the library's default fetcher refuses, hence the fetcher.
 */
export function createJwtAuthorizer(opts: { issuer: string; jwksUri: string; clientId: string }) {
  const verifier = JwtVerifier.create(
    {
      issuer: opts.issuer,
      jwksUri: opts.jwksUri,
      audience: null,
      customJwtCheck: ({ payload }) => {
        if (payload.aud !== opts.clientId && payload.client_id !== opts.clientId) {
          throw new Error('Token was not issued for this app client');
        }
      },
    },
    {
      jwksCache: new SimpleJwksCache({
        fetcher: {
          async fetch(uri: string) {
            const response = await fetch(uri);
            if (!response.ok) throw new Error(`JWKS fetch failed with ${response.status}`);
            return response.arrayBuffer();
          },
        },
      }),
    },
  );
  // A token's signature, issuer and audience verify the same way every time, so a token verified once is taken again
  // until its expiry without another RS256 verification (a twentieth of the local stack's CPU per request, measured).
  // API Gateway's JWT authorizer, too, accepts a token until it expires; a deleted account is refused behind it.
  const verified = new BoundedMap<string, JwtPayload>(VERIFIED_KEPT);
  return async function authorize(authorization: string | undefined): Promise<JwtPayload | null> {
    if (!authorization) return null;
    const token = authorization.replace(/^Bearer\s+/i, '').trim();
    if (!token) return null;
    const kept = verified.get(token);
    if (kept && typeof kept.exp === 'number' && kept.exp * 1000 > Date.now()) return kept;
    verified.delete(token);
    try {
      const payload = await verifier.verify(token);
      verified.set(token, payload);
      return payload;
    } catch {
      return null;
    }
  };
}
