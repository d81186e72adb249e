import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { ApiKey } from '../../../domain/api/api-keys';
import { MAX_API_KEYS_PER_USER } from '../../../domain/api-keys';
import { SectionCard } from '../../layout/section-card';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { textLinkClasses } from '../../ui/text-link';
import { ApiKeyList } from './api-key-list';
import { API_KEYS_QUERY_KEY, revokeApiKey, useApiKeys } from './api-keys-api';
import { ConfirmRemovalDialog } from './confirm-removal-dialog';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { SectionLoading } from './section-loading';

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  return (
    <ConfirmRemovalDialog
      open={apiKey !== null}
      onClose={onClose}
      title="Revoke this API key?"
      label="Revoke key"
      busyLabel="Revoking..."
      onConfirm={async () => {
        if (!apiKey) return;
        await revokeApiKey(apiKey.id);
        await queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
        toast.success('API key revoked', { description: `“${apiKey.name}” no longer works.` });
      }}
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
  if (keys.isPending) return <SectionLoading label="Loading your API keys" />;
  if (keys.isError) {
    return (
      <LoadError
        title="We could not load your API keys"
        onRetry={() => void keys.refetch()}
        retryIcon={false}
      />
    );
  }
  if (keys.data.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
        You have no API keys yet. Create one to connect your own scripts and tools.
      </p>
    );
  }
  return (
    <>
      <ApiKeyList keys={keys.data} onRevoke={setRevoking} />
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

/** 'API keys' (docs/decisions/0011-api-keys.md): the keys in force, making one, revoking one. */
export function ApiKeysCard() {
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby="api-keys-title">
      <SectionCard
        titleId="api-keys-title"
        title="API keys"
        description="Let your own scripts and tools read your panels, orders and subscriptions."
        icon={<KeyRound className="h-5 w-5" />}
        footer={
          <>
            <p className="mr-auto text-sm text-slate-600 dark:text-slate-400">
              Up to {MAX_API_KEYS_PER_USER} keys.{' '}
              <Link to="/docs/api" className={textLinkClasses}>
                Read the API documentation
              </Link>
            </p>
            <Button onClick={() => setCreating(true)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Create API key
            </Button>
          </>
        }
      >
        <Keys />
        <CreateApiKeyDialog open={creating} onClose={() => setCreating(false)} />
      </SectionCard>
    </section>
  );
}
