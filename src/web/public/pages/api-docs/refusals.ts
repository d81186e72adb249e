/** What each refusal of /api/v1 means; every one has the same body, { error: { code, message } }. */
export const REFUSALS: Record<string, string> = {
  '400': 'The request is not valid: a parameter is out of range, or the cursor is not one we gave.',
  '401': 'No API key, or a key that is wrong or has been revoked.',
  '403': 'The key’s access does not allow this operation.',
  '404': 'There is no such object on your account.',
  '429': 'Too many requests: wait the seconds in Retry-After, then try again.',
};
