import { LoadError } from '../../../ui/load-error';
import { LoadingScreen } from '../../../ui/spinner';
import { useOpenApiDocument } from '../../api/openapi-api';
import { DocsSection } from './docs-section';
import { type OpenApiDocument, operationsOf } from './openapi-model';
import { OperationSection } from './operation-section';

function Operations({ doc }: { doc: OpenApiDocument }) {
  const operations = operationsOf(doc);
  const server = doc.servers?.[0]?.url;
  return (
    <>
      <p>
        {server ? (
          <>
            Base address: <code>{server}/api/v1</code>.{' '}
          </>
        ) : null}
        Every answer is JSON. Dates are ISO 8601 in UTC; amounts are in cents. This list is built from our{' '}
        <a href="/api/openapi.json">OpenAPI document</a>, which you can also load into your own tools.
      </p>
      <nav aria-label="Endpoints" className="mt-4">
        <ul className="list-disc space-y-1 pl-6">
          {operations.map((op) => (
            <li key={op.id}>
              <a href={`#${op.id}`}>
                <code>
                  {op.method} {op.path}
                </code>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8 space-y-6">
        {operations.map((op) => (
          <OperationSection key={op.id} operation={op} />
        ))}
      </div>
    </>
  );
}

/** The /api/v1 operations, read from GET /api/openapi.json so they never drift from the server. */
export function ReferenceSection() {
  const doc = useOpenApiDocument();
  return (
    <DocsSection id="reference" title="Endpoints">
      {doc.isPending ? (
        <LoadingScreen label="Loading the API reference" className="min-h-40" />
      ) : doc.isError ? (
        <div className="mt-4">
          <LoadError title="We could not load the API reference" onRetry={() => void doc.refetch()} />
        </div>
      ) : (
        <Operations doc={doc.data} />
      )}
    </DocsSection>
  );
}
