import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { fieldError } from '../../platform/errors.js';
import * as repo from './repo.js';

/** The ids of roles given by name; an unknown name is a field error of `body.roles`. */
export async function resolveRoles(db: Kysely<DB>, names: readonly string[]) {
  const ids = await repo.roleIdsByName(db, names);
  const unknown = names.filter((name) => !ids.has(name));
  if (unknown.length > 0) throw fieldError('body.roles', `No such role: ${unknown.join(', ')}`);
  return ids;
}

/** Roles in words ("Identity reviewer"), in the order given. */
export async function roleLabels(db: Kysely<DB>, names: readonly string[]): Promise<string[]> {
  const roles = await repo.allRoles(db);
  const label = new Map(roles.map((r) => [r.name, r.label || r.name]));
  return names.map((name) => label.get(name) ?? name);
}
