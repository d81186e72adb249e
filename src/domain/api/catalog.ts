import * as admin from './admin/endpoints';
import * as billing from './billing-endpoints';
import type { Endpoint } from './endpoint';
import * as customer from './endpoints';
import * as payments from './payment-endpoints';
import * as site from './site-endpoints';
import * as v1 from './v1';
import * as workspaces from './workspaces';

// Every declared endpoint in one list, for what reads them all: the route coverage and access
// tests, and the document. A group exported as `somethingApi` from these files is in it.

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;

const groupsOf = (module: Record<string, unknown>) =>
  Object.entries(module)
    .filter(([name, group]) => name.endsWith('Api') && typeof group === 'object' && group !== null)
    .flatMap(([, group]) => Object.values(group as Record<string, unknown>).filter(isEndpoint));

export const API_ENDPOINTS: readonly Endpoint[] = [
  customer,
  billing,
  payments,
  site,
  admin,
  v1,
  workspaces,
].flatMap(groupsOf);

/** 'GET /api/me': how tests and the document name an endpoint. */
export const endpointKey = (endpoint: Pick<Endpoint, 'method' | 'path'>) =>
  `${endpoint.method} ${endpoint.path}`;
