import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { ApiKey } from '../../../domain/api/api-keys';
import { MAX_API_KEYS_PER_USER } from '../../../domain/api-keys';
import { API_KEYS_QUERY_KEY, revokeApiKey, useApiKeys } from '../api/api-keys-api';
import { ApiKeyList } from './api-key-list';
import { ConfirmRemovalDialog } from './confirm-removal-dialog';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { ListSettingsCard } from './list-settings-card';
import { SectionQuery } from './section-loading';

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  return (
    <ConfirmRemovalDialog
      item={apiKey}
      onClose={onClose}
      title="Revoke this API key?"
      label="Revoke key"
      busyLabel="Revoking..."
      remove={(key) => revokeApiKey(key.id)}
      listKey={API_KEYS_QUERY_KEY}
      onRemoved={(key) => toast.success('API key revoked', { description: `“${key.name}” no longer works.` })}
    >
      <p>
        <strong className="font-semibold text-slate-900 dark:text-white">{apiKey?.name}</strong> (
        <code className="font-mono">{apiKey?.hint}…</code>) stops working at once. Anything still using it
        will get “401 Unauthorized”.
      </p>
      <p>This cannot be undone; you can always create a new key.</p>
    </ConfirmRemovalDialog>
  );
}

function Keys() {
  const keys = useApiKeys();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <SectionQuery
      query={keys}
      what="your API keys"
      empty="You have no API keys yet. Create one to connect your own scripts and tools."
    >
      {(data) => (
        <>
          <ApiKeyList keys={data} onRevoke={setRevoking} />
          <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
        </>
      )}
    </SectionQuery>
  );
}

/** 'API keys' (docs/decisions/0011-api-keys.md): the keys in force, making one, revoking one. */
export function ApiKeysCard() {
  return (
    <ListSettingsCard
      id="api-keys"
      title="API keys"
      description="Let your own scripts and tools read your panels, orders and subscriptions."
      icon={<KeyRound className="h-5 w-5" />}
      limit={`Up to ${MAX_API_KEYS_PER_USER} keys.`}
      docs={{ to: '/docs/api', label: 'Read the API documentation' }}
      addLabel="Create API key"
      addDialog={CreateApiKeyDialog}
    >
      <Keys />
    </ListSettingsCard>
  );
}
