import { ALWAYS_OFFERED_DOCUMENT_TYPE, type DocumentType } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { StaffActor } from '../../platform/audit/index.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './repo.js';

const ALREADY_THERE = 'That document type is already in the catalog.';

type Row = { id: bigint; name: string; active: boolean; createdAt: Date };

function toDocumentType(row: Row): DocumentType {
  return {
    id: String(row.id),
    name: row.name,
    active: row.active,
    fixed: row.name === ALWAYS_OFFERED_DOCUMENT_TYPE,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every document type, offered or retired, in the order they were added. */
export async function listDocumentTypes(deps: AppDeps): Promise<DocumentType[]> {
  return (await repo.allDocumentTypes(deps.db)).map(toDocumentType);
}

/** Adds a type customers may choose from now on; a name already there (in any case) is refused. */
export async function addDocumentType(
  deps: AppDeps,
  name: string,
  actor: StaffActor,
): Promise<DocumentType> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.insertDocumentType(trx, name);
    if (!row) {
      throw new AppError('CONFLICT', ALREADY_THERE, {
        errors: [{ path: 'body.name', message: ALREADY_THERE }],
      });
    }
    await deps.audit(trx, {
      action: 'catalog.document_type.add',
      actor,
      targetId: String(row.id),
      after: { name: row.name, active: row.active },
    });
    return toDocumentType(row);
  });
}

/**
 * Offers a type again, or retires it: customers no longer see a retired type, while submissions
 * already made keep theirs. Driver's License is always offered (spec) and cannot be retired.
 */
export async function setDocumentTypeOffered(
  deps: AppDeps,
  id: bigint,
  active: boolean,
  actor: StaffActor,
): Promise<DocumentType> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await repo.lockDocumentType(trx, id);
    if (!before) throw new AppError('NOT_FOUND', 'No such document type');
    if (!active && before.name === ALWAYS_OFFERED_DOCUMENT_TYPE) {
      throw new AppError('CONFLICT', `${ALWAYS_OFFERED_DOCUMENT_TYPE} is always offered.`);
    }
    if (before.active === active) return toDocumentType(before);
    const after = await repo.setDocumentTypeActive(trx, id, active);
    await deps.audit(trx, {
      action: active ? 'catalog.document_type.restore' : 'catalog.document_type.retire',
      actor,
      targetId: String(id),
      before: { name: before.name, active: before.active },
      after: { name: after.name, active: after.active },
    });
    return toDocumentType(after);
  });
}
