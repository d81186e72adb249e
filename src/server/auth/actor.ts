import type { FastifyRequest } from 'fastify';
import { currentUser } from './session';

/** The admin behind a request, as the audit log records them (who, and from where). */
export interface Actor {
  id: string;
  email: string;
  ip: string | null;
}

export function actorOf(request: FastifyRequest): Actor {
  const { id, email } = currentUser(request);
  return { id, email, ip: request.ip ?? null };
}
