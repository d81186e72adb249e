import { z } from 'zod';
import { contactRequestSchema } from '../contact';
import { siteInfoSchema } from '../site';
import { preferenceTokenQuerySchema, preferenceTurnedOffSchema } from './email-preferences';
import { access, endpointsFor } from './endpoint';
import { refusal } from './endpoint-errors';
import { apiErrorSchema } from './errors';
import { contactSentSchema, healthOkSchema } from './site';
import { shopStatusSchema } from './status';

// What anyone may ask, signed in or not: the process's health, the public site's facts and
// contact form (D10), and the one-click preference link of every e-mail (docs/decisions/0008).

const systemEndpoint = endpointsFor(access.public, 'system');
const siteEndpoint = endpointsFor(access.public, 'site');
const accountEndpoint = endpointsFor(access.public, 'account');

const RATE_LIMITED = refusal(429, 'rate_limited', 'too many requests from this address');

export const systemApi = {
  health: systemEndpoint('GET /api/health', {
    summary: 'The process is alive',
    response: { 200: healthOkSchema },
  }),

  ready: systemEndpoint('GET /api/ready', {
    errors: [refusal(503, 'database_unavailable', 'the database is not answering')],
    summary: 'The database answers',
    response: { 200: healthOkSchema, 503: apiErrorSchema },
  }),
};

export const siteApi = {
  info: siteEndpoint('GET /api/site', {
    summary: 'Brand, contact details and demo sign-in',
    response: { 200: siteInfoSchema },
  }),

  status: siteEndpoint('GET /api/status', {
    summary: "The shop's delivery record over the last 30 days and whether stock covers waiting orders",
    response: { 200: shopStatusSchema },
  }),

  contact: siteEndpoint('POST /api/contact', {
    errors: [RATE_LIMITED, refusal(503, 'mail_unavailable', 'the message could not be queued')],
    example: {
      body: { name: 'Ann', email: 'ann@example.com', subject: 'Hello', message: 'A question about plans.' },
    },
    summary: 'Send a message to support from the contact form',
    body: contactRequestSchema,
    response: { 200: contactSentSchema, 400: apiErrorSchema, 429: apiErrorSchema },
  }),
};

/** The signed token in the link is the authority: no session is needed. */
const PREFERENCE_LINK = { query: { token: 'eyJ1IjoidV84SngyIn0.c2lnbmF0dXJl' } };

export const emailPreferencesApi = {
  // Never changes anything: mail scanners fetch links.
  open: accountEndpoint('GET /api/email-preferences/unsubscribe', {
    example: PREFERENCE_LINK,
    summary: "Open an e-mail's preference link: redirects to the page that turns it off",
    querystring: preferenceTokenQuerySchema,
    response: { 303: z.null(), 400: apiErrorSchema },
  }),

  turnOff: accountEndpoint('POST /api/email-preferences/unsubscribe', {
    errors: [refusal(400, 'invalid_link', 'the link is not signed by us or names nothing'), RATE_LIMITED],
    example: PREFERENCE_LINK,
    summary: 'Turn off the e-mail preference a signed link names (RFC 8058 one-click)',
    querystring: preferenceTokenQuerySchema,
    response: { 200: preferenceTurnedOffSchema, 400: apiErrorSchema, 429: apiErrorSchema },
  }),
};
