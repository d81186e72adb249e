import type { EndpointDocs, HttpMethod } from './endpoint';
import type { ErrorCode } from './error-codes';

/** One refusal an endpoint can answer, in the one error shape `{ error: { code, message } }` (D14). */
export interface EndpointError {
  status: number;
  code: ErrorCode;
  /** When it is answered, for the document's reader. */
  when: string;
}

export const refusal = (status: number, code: ErrorCode, when: string): EndpointError => ({
  status,
  code,
  when,
});
/** A state refusal: the request is well formed but the object is not in a state that allows it. */
export const stateConflict = (code: ErrorCode, when: string) => refusal(409, code, when);

/** The refusals the framework, the guards and the error handler give (src/server/http/errors.ts). */
export const COMMON_ERRORS = {
  validation: refusal(400, 'validation_error', 'an input does not match its schema, or has an unknown field'),
  invalidJson: refusal(400, 'invalid_json', 'the body is not valid JSON'),
  unauthorized: refusal(401, 'unauthorized', 'not signed in, or no valid API key'),
  forbidden: refusal(403, 'forbidden', 'signed in, but not allowed'),
  forbiddenOrigin: refusal(403, 'forbidden_origin', 'a state-changing request from another site'),
  notFound: refusal(404, 'not_found', 'no such object, or it belongs to someone else'),
  payloadTooLarge: refusal(413, 'payload_too_large', 'the body is larger than the limit'),
  uriTooLong: refusal(414, 'uri_too_long', 'a path parameter is longer than 100 characters'),
  unsupportedMediaType: refusal(415, 'unsupported_media_type', 'the body is not JSON'),
  rateLimited: refusal(429, 'rate_limited', 'too many requests; Retry-After says when to come back'),
} as const;

const BODY_METHODS = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What the access implies: the guard's refusals, and the 404 of someone else's object. */
function accessErrors(docs: EndpointDocs): EndpointError[] {
  const { unauthorized, forbidden, notFound, rateLimited } = COMMON_ERRORS;
  const access = docs.access;
  switch (access.kind) {
    case 'public':
    case 'provider':
      return [];
    case 'user':
      return access.permission ? [unauthorized, forbidden] : [unauthorized];
    case 'owner':
      return [unauthorized, forbidden, notFound];
    case 'admin':
      return [unauthorized, forbidden];
    case 'key':
      return [
        unauthorized,
        rateLimited,
        // A read key refused a write, or a key whose role (or its creator's) lacks the permission.
        forbidden,
        ...(access.owner ? [notFound] : []),
      ];
  }
}

/**
 * Every refusal an endpoint can answer: what its access, its inputs and its method imply,
 * then its own. One per status and code, by status.
 */
export function errorsOf(method: HttpMethod, path: string, docs: EndpointDocs): EndpointError[] {
  const common = COMMON_ERRORS;
  const implied = [
    ...accessErrors(docs),
    ...(docs.params || docs.querystring || docs.headers || docs.body ? [common.validation] : []),
    ...(path.includes('/:') ? [common.uriTooLong] : []),
    ...(BODY_METHODS.has(method)
      ? [common.invalidJson, common.payloadTooLarge, common.unsupportedMediaType]
      : []),
    // Provider callbacks are server to server, exempt from the origin check.
    ...(method !== 'GET' && docs.access.kind !== 'provider' ? [common.forbiddenOrigin] : []),
  ];
  const byKey = new Map<string, EndpointError>();
  for (const error of [...(docs.errors ?? []), ...implied]) {
    const key = `${error.status} ${error.code}`;
    if (!byKey.has(key)) byKey.set(key, error);
  }
  return [...byKey.values()].sort((a, b) => a.status - b.status || a.code.localeCompare(b.code));
}
