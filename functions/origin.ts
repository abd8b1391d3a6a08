/**
 * The header CloudFront adds to every request it forwards to the API (infra/stacks/web-stack.ts), with a value kept in
 * Secrets Manager (infra/stacks/api-stack.ts). The handlers refuse a request without it (functions/commons/origin-check.ts),
 * so that calling the execute-api endpoint directly, around CloudFront and its web ACL's rate limits, gets nothing.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
