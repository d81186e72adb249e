import { type ApiKeyScope, READ_WRITE_CHANGES } from '../../../domain/api-keys';

/** What each scope is called and what it lets a key do, in the create dialog and the list. */
export const SCOPE_TEXTS: Record<ApiKeyScope, { label: string; detail: string }> = {
  read: {
    label: 'Read only',
    detail: 'Lists and reads your panels, orders and subscriptions. Changes nothing.',
  },
  read_write: {
    label: 'Read & write',
    detail: `Everything a read-only key can do, and also ${READ_WRITE_CHANGES}.`,
  },
};

/** 'Never' until the key has been used once. */
export function lastUsedText(lastUsedAt: string | null, format: (iso: string) => string): string {
  return lastUsedAt === null ? 'Never' : format(lastUsedAt);
}
