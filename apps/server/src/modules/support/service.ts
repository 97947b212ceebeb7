import type { SupportContacts, UpdateSupportContactsRequest } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { StaffActor } from '../../platform/audit/index.js';
import type { SupportChannel } from '../../db/tables/customer.js';
import * as repo from './repo.js';

const CHANNELS: SupportChannel[] = ['whatsapp', 'email', 'phone'];

async function read(db: AppDeps['db']): Promise<SupportContacts> {
  const rows = await repo.contactRows(db);
  const contacts: SupportContacts = { whatsapp: null, email: null, phone: null };
  for (const row of rows) contacts[row.channel] = row.value;
  return contacts;
}

/** How customers reach support, as staff published it (a channel not set is not shown). */
export function supportContacts(deps: AppDeps): Promise<SupportContacts> {
  return read(deps.db);
}

/** Publishes the contacts (catalog.manage); audited with what they were and are. */
export async function updateSupportContacts(
  deps: AppDeps,
  input: { [K in keyof UpdateSupportContactsRequest]: string | null },
  actor: StaffActor,
): Promise<SupportContacts> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await read(trx);
    for (const channel of CHANNELS) {
      await repo.setContact(trx, channel, input[channel], deps.clock.now());
    }
    const after = await read(trx);
    await deps.audit(trx, {
      action: 'catalog.support_contacts.update',
      actor,
      targetId: 'all',
      before,
      after,
    });
    return after;
  });
}
