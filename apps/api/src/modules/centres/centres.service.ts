import type { addCentreRequest, ExamCentre, editCentreRequest, PublicExamCentre } from '@app/domain/centres.schemas';
import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { ExamCentreRow } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import {
  deleteCentre,
  findCentre,
  insertCentre,
  listCentreRows,
  listPublicCentreRows,
  registeredCounts,
  updateCentre,
} from './centres.repository';

const toCentre = (row: ExamCentreRow, registered: number): ExamCentre => ({
  centerId: row.centerId,
  centerName: row.centerName,
  collegeName: row.collegeName,
  capicity: row.capacity,
  city: row.city,
  listedPublicly: row.listedPublicly,
  registeredCount: registered,
});

export async function listCentres(db: Db): Promise<ExamCentre[]> {
  const [rows, counts] = await Promise.all([listCentreRows(db), registeredCounts(db)]);
  return rows.map((row) => toCentre(row, counts.get(row.centerId) ?? 0));
}

/** The centres the admin lists on the public site, by centre ID. */
export async function listPublicCentres(db: Db): Promise<PublicExamCentre[]> {
  return listPublicCentreRows(db);
}

export async function addCentre(db: Db, input: z.output<typeof addCentreRequest> & { by: Actor }): Promise<ExamCentre> {
  try {
    const row = await db.transaction(async (tx) => {
      const added = await insertCentre(tx, {
        centerId: input.centerId,
        centerName: input.centerName,
        collegeName: input.collegeName,
        capacity: input.capicity,
        city: input.city,
        listedPublicly: input.listedPublicly,
      });
      await recordAudit(tx, {
        by: input.by,
        entity: 'centre',
        entityId: added.centerId,
        action: 'create',
        after: added,
      });
      return added;
    });
    return toCentre(row, 0);
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('CONFLICT', messages.centreExists);
    throw error;
  }
}

export async function editCentre(
  db: Db,
  {
    centerId,
    centerName,
    collegeName,
    capicity,
    city,
    listedPublicly,
    by,
  }: z.output<typeof editCentreRequest> & { centerId: number; by: Actor },
): Promise<ExamCentre> {
  return db.transaction(async (tx) => {
    // The centre's row is locked so a registration cannot take a seat while its capacity shrinks.
    const before = await findCentre(tx, centerId, { lock: true });
    if (!before) throw new DomainError('NOT_FOUND', messages.centreNotFound);
    const registered = (await registeredCounts(tx)).get(centerId) ?? 0;
    if (capicity !== null && capicity < registered) throw new DomainError('CONFLICT', messages.capacityBelowRegistered);
    const row = await updateCentre(tx, centerId, {
      centerName,
      collegeName,
      capacity: capicity,
      city,
      listedPublicly: listedPublicly ?? before.listedPublicly,
    });
    if (!row) throw new DomainError('NOT_FOUND', messages.centreNotFound);
    await recordAudit(tx, { by, entity: 'centre', entityId: centerId, action: 'update', before, after: row });
    return toCentre(row, registered);
  });
}

export async function removeCentre(db: Db, { centerId, by }: { centerId: number; by: Actor }): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findCentre(tx, centerId, { lock: true });
    if (!before) throw new DomainError('NOT_FOUND', messages.centreNotFound);
    if ((await registeredCounts(tx)).get(centerId)) throw new DomainError('CONFLICT', messages.centreHasStudents);
    await deleteCentre(tx, centerId);
    await recordAudit(tx, { by, entity: 'centre', entityId: centerId, action: 'delete', before });
  });
}
