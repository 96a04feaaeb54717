import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import type { Role } from '@app/domain/roles';
import type { RegisterUserInput, User } from '@app/domain/users.schemas';
import type { Db, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { hashPassword } from '../../lib/passwords';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import {
  countActiveAdmins,
  findUserByEmail,
  findUserByUuid,
  insertUser,
  listUsers as listUserRows,
  lockActiveAdmins,
  updateUser,
} from './users.repository';

export function toUser(row: Omit<UserRow, 'passwordHash'>): User {
  return {
    uuid: row.uuid,
    name: row.name,
    userName: row.userName,
    email: row.email,
    role: row.role,
    contactNum: row.contactNum,
    branch: row.branch,
    commission: row.commissionBp / 100,
    dob: row.dob,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listUsers(db: Executor, filter: { role?: Role | undefined }): Promise<User[]> {
  return (await listUserRows(db, filter)).map(toUser);
}

/** Parsed input of POST /auth/register (branch and commission already settled by role). */
type NewUserInput = RegisterUserInput & { role: Role };

export async function createUser(db: Db, { by, ...input }: NewUserInput & { by: Actor }): Promise<User> {
  if (await findUserByEmail(db, input.email)) throw new DomainError('CONFLICT', messages.emailTaken);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertUser(tx, {
        name: input.name,
        userName: input.name,
        email: input.email,
        role: input.role,
        contactNum: input.contactNum,
        branch: input.branch,
        commissionBp: Math.round(input.commission * 100),
        dob: input.dob,
        passwordHash,
      });
      await recordAudit(tx, { by, entity: 'user', entityId: row.uuid, action: 'create', after: row });
      return toUser(row);
    });
  } catch (error) {
    // Two admins adding the same email at once: the unique index decides.
    if (isUniqueViolation(error)) throw new DomainError('CONFLICT', messages.emailTaken);
    throw error;
  }
}

export async function changePassword(
  deps: Pick<Deps, 'db' | 'userCache'>,
  { uuid, password, by }: { uuid: string; password: string; by: Actor },
): Promise<void> {
  const passwordHash = await hashPassword(password);
  // A new password ends the user's other sessions; an admin changing their own stays signed in.
  const row = await deps.db.transaction(async (tx) => {
    const updated = await updateUser(tx, uuid, { passwordHash, bumpSession: uuid !== by.uuid });
    // The entry says that the password changed, never what to.
    if (updated)
      await recordAudit(tx, {
        by,
        entity: 'user',
        entityId: uuid,
        entityName: updated.name,
        action: 'password_change',
      });
    return updated;
  });
  deps.userCache.invalidate(uuid);
  if (!row) throw new DomainError('NOT_FOUND', messages.userNotFound);
}

/** DELETE /admin/deleteUser toggles the active state (SPEC §4). Deactivation ends every session. */
export async function toggleUserActive(
  deps: Pick<Deps, 'db' | 'userCache'>,
  { uuid, by }: { uuid: string; by: Actor },
): Promise<User> {
  const user = await deps.db.transaction(async (tx) => {
    await lockActiveAdmins(tx);
    const row = await findUserByUuid(tx, uuid);
    if (!row) throw new DomainError('NOT_FOUND', messages.userNotFound);
    if (row.isActive) {
      if (row.uuid === by.uuid) throw new DomainError('CONFLICT', messages.cannotDeactivateSelf);
      if (row.role === 'admin' && (await countActiveAdmins(tx)) <= 1) {
        throw new DomainError('CONFLICT', messages.lastAdmin);
      }
    }
    const updated = await updateUser(tx, uuid, { isActive: !row.isActive, bumpSession: row.isActive });
    if (!updated) throw new DomainError('NOT_FOUND', messages.userNotFound);
    await recordAudit(tx, {
      by,
      entity: 'user',
      entityId: uuid,
      entityName: row.name,
      action: updated.isActive ? 'activate' : 'deactivate',
      before: { isActive: row.isActive },
      after: { isActive: updated.isActive },
    });
    return toUser(updated);
  });
  deps.userCache.invalidate(uuid);
  return user;
}
