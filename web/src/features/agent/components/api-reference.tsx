import { lazy, Suspense } from 'react';
import { QueryState } from '@web/components/query-state';
import { Spinner } from '@web/components/ui/spinner';
import { useOpenApiDocument } from '../api/openapi-document';

/** Scalar's viewer is large: its code loads only when this section is drawn, so no other page carries it. */
const ScalarReference = lazy(() => import('./scalar-reference'));

/** The API's OpenAPI document in Scalar's reference viewer, from the document this site serves. */
export function ApiReference() {
  const document = useOpenApiDocument();
  return (
    <QueryState query={document} pendingLabel="Loading the API document…">
      {(doc) => (
        <Suspense fallback={<Spinner label="Loading the API reference…" />}>
          <ScalarReference document={doc} />
        </Suspense>
      )}
    </QueryState>
  );
}
