import { RotateCw } from 'lucide-react';
import { Alert } from './alert';
import { Button } from './button';

/**
 * What a section shows when its data could not be loaded (D3): the failure, said plainly, and a
 * way to try again. Never sample data in its place.
 */
export function LoadError({
  title,
  description = 'Check your connection and try again.',
  onRetry,
  retrying = false,
  retryIcon = true,
}: {
  title: string;
  description?: string;
  onRetry: () => void;
  retrying?: boolean;
  /** The account and checkout pages keep a plain Retry button, as they always had. */
  retryIcon?: boolean;
}) {
  return (
    <div className="space-y-4">
      <Alert tone="error" title={title}>
        {description}
      </Alert>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        {retryIcon && (
          <RotateCw className={retrying ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
        )}
        Retry
      </Button>
    </div>
  );
}
