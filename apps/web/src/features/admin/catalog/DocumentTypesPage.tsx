import { ALWAYS_OFFERED_DOCUMENT_TYPE } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Banner } from '../../../components/ui/Banner';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { AddDocumentTypeForm } from './AddDocumentTypeForm';
import { queries } from '../../../lib/queries';
import { DocumentTypeList, type Outcome } from './DocumentTypeList';
import { StatusMessage } from './StatusMessage';
import { PageHeading } from '../../../components/ui/PageHeading';

/** `/admin/catalog/document-types`: the identity documents customers may choose from. */
export function DocumentTypesPage() {
  const types = useQuery(queries.staffDocumentTypes());
  const [outcome, setOutcome] = useState<Outcome>(null);

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <PageHeading title="Document types" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          The documents customers can choose from when they submit their identity check.{' '}
          {ALWAYS_OFFERED_DOCUMENT_TYPE} is always offered. A retired type is no longer shown to
          customers; checks already submitted keep their type.
        </p>
      </div>

      <section aria-labelledby="catalog-list" className="flex flex-col gap-3">
        <h2 id="catalog-list" className="text-lg font-semibold">
          Catalog
        </h2>
        <StatusMessage>{outcome?.tone === 'success' ? outcome.text : null}</StatusMessage>
        {outcome?.tone === 'error' && <Banner tone="error">{outcome.text}</Banner>}
        {types.isPending ? (
          <Loading label="Loading the document types…" />
        ) : types.data ? (
          // A failed background refresh keeps the list read last rather than hiding it.
          <DocumentTypeList types={types.data} onOutcome={setOutcome} />
        ) : (
          <LoadFailed
            error={types.error}
            retrying={types.isFetching}
            onRetry={() => void types.refetch()}
          />
        )}
      </section>

      <section aria-labelledby="catalog-add" className="flex flex-col gap-3">
        <h2 id="catalog-add" className="text-lg font-semibold">
          Add a document type
        </h2>
        <AddDocumentTypeForm />
      </section>
    </div>
  );
}
