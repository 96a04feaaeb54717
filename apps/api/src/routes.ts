import type { FastifyInstance } from 'fastify';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { backupsRoutes } from './modules/backups/backups.routes';
import { booksAdminRoutes, booksCounsellorRoutes, challanPdfRoutes } from './modules/books/books.routes';
import { centresRoutes, publicCentresRoutes } from './modules/centres/centres.routes';
import { collectionsAdminRoutes, collectionsRoutes } from './modules/collections/collections.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { filesRoutes } from './modules/files/files.routes';
import { flagsRoutes } from './modules/flags/flags.routes';
import { healthRoutes } from './modules/health/health.routes';
import { homeAdminRoutes, homeCounsellorRoutes } from './modules/home/home.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { registrationsRoutes } from './modules/registrations/registrations.routes';
import { studentsRoutes } from './modules/students/students.routes';
import { subjectsRoutes } from './modules/subjects/subjects.routes';
import { registerUserRoute, usersRoutes } from './modules/users/users.routes';
import { visitingRoutes } from './modules/visiting/visiting.routes';

/** Every module, once, with its prefix (SPEC §7 paths under /api). */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(registerUserRoute, { prefix: '/api/auth' });
  await app.register(usersRoutes, { prefix: '/api/admin' });
  await app.register(flagsRoutes, { prefix: '/api/admin' });
  await app.register(centresRoutes, { prefix: '/api/admin' });
  await app.register(publicCentresRoutes, { prefix: '/api/public' });
  await app.register(subjectsRoutes, { prefix: '/api/admin' });
  await app.register(filesRoutes, { prefix: '/api' });
  await app.register(visitingRoutes, { prefix: '/api/counsellor' });
  await app.register(registrationsRoutes, { prefix: '/api/counsellor' });
  await app.register(exportsRoutes, { prefix: '/api/counsellor' });
  await app.register(studentsRoutes, { prefix: '/api/counsellor' });
  await app.register(homeCounsellorRoutes, { prefix: '/api/counsellor' });
  await app.register(homeAdminRoutes, { prefix: '/api/admin' });
  await app.register(paymentsRoutes, { prefix: '/api/counsellor' });
  await app.register(collectionsRoutes, { prefix: '/api/counsellor' });
  await app.register(collectionsAdminRoutes, { prefix: '/api/admin' });
  await app.register(booksAdminRoutes, { prefix: '/api/admin' });
  await app.register(booksCounsellorRoutes, { prefix: '/api/counsellor' });
  await app.register(documentsRoutes, { prefix: '/api/pdf' });
  await app.register(challanPdfRoutes, { prefix: '/api/pdf' });
  await app.register(auditRoutes, { prefix: '/api/admin' });
  await app.register(backupsRoutes, { prefix: '/api/admin' });
}
