import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { backupsRoutes } from './modules/backups/backups.routes';
import { booksAdminRoutes, booksCounsellorRoutes, challanPdfRoutes } from './modules/books/books.routes';
import { centresRoutes, publicCentresRoutes } from './modules/centres/centres.routes';
import { collectionsAdminRoutes, collectionsRoutes } from './modules/collections/collections.routes';
import { concessionsStaffRoutes, coursesAdminRoutes, publicCoursesRoutes } from './modules/courses/courses.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { filesRoutes } from './modules/files/files.routes';
import { flagsRoutes, publicFlagsRoutes } from './modules/flags/flags.routes';
import { funnelAdminRoutes, funnelRoutes, publicEnquiryRoutes } from './modules/funnel/funnel.routes';
import { centreHallTicketsRoutes, hallTicketRoutes } from './modules/hall-tickets/hall-tickets.routes';
import { healthRoutes } from './modules/health/health.routes';
import { homeAdminRoutes, homeCounsellorRoutes } from './modules/home/home.routes';
import { marksAdminRoutes, marksRoutes } from './modules/marks/marks.routes';
import { messagesAdminRoutes, messagesWebhookRoutes, studentMessagesRoutes } from './modules/messages/messages.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { onlineTestsRoutes } from './modules/online-tests/online-tests.routes';
import { correctionsAdminRoutes, correctionsCounsellorRoutes } from './modules/payments/corrections.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import {
  breachRoutes,
  consentRoutes,
  dataCopyPdfRoutes,
  privacyAdminRoutes,
  publicPrivacyRoutes,
  retentionRoutes,
  rightsRoutes,
} from './modules/privacy/privacy.routes';
import { registrationsRoutes } from './modules/registrations/registrations.routes';
import { resultsRoutes } from './modules/results/results.routes';
import { seatsRoutes } from './modules/seats/seats.routes';
import { sessionsAdminRoutes, sessionsStaffRoutes, ticketAllowanceRoutes } from './modules/sessions/sessions.routes';
import { studentPortalAdminRoutes, studentPortalRoutes } from './modules/student-portal/student-portal.routes';
import { studentStatusRoutes, studentsRoutes } from './modules/students/students.routes';
import { subjectsRoutes } from './modules/subjects/subjects.routes';
import { registerUserRoute, usersRoutes } from './modules/users/users.routes';
import { visitingRoutes } from './modules/visiting/visiting.routes';

/**
 * An onSend hook that runs `changed` once a write this instance answered has committed, before the answer
 * leaves. A cache emptied by a channel's notice gets that notice a moment later (PostgreSQL delivers it on
 * another connection), so the writer's own next read must not wait for it. Only the modules whose writes
 * change what the cache holds take the hook: a login or a payment leaves the caches alone.
 */
const onWriteAnswered = (changed: (app: FastifyInstance) => void): onSendHookHandler =>
  async function (request, reply, payload) {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) changed(this);
    return payload;
  };

/**
 * The lookup cache (hall tickets, results). With results released (the release itself is such a write),
 * the emptied cache is filled again in the background (results/results-warmup.ts).
 */
const lookupsChangedByWrite = onWriteAnswered((app) => {
  app.deps.lookupCache.invalidate();
  app.resultsWarmup.schedule();
});

/** The Visiting Table's pages (visiting/enquiry-pages.ts). */
const enquiriesChangedByWrite = onWriteAnswered((app) => app.deps.enquiryPages.invalidate());

/** Every module, once, with its prefix (SPEC §7 paths under /api). */
export async function registerRoutes(
  app: FastifyInstance,
  { metricsToken }: { metricsToken?: string | undefined } = {},
): Promise<void> {
  // Students' details and photos, centres, papers and dates, flags and exam sessions, seat numbers, marks.
  await app.register(async (lookupWriters) => {
    lookupWriters.addHook('onSend', lookupsChangedByWrite);
    await lookupWriters.register(flagsRoutes, { prefix: '/api/admin' });
    await lookupWriters.register(sessionsAdminRoutes, { prefix: '/api/admin' });
    await lookupWriters.register(ticketAllowanceRoutes, { prefix: '/api/admin' });
    await lookupWriters.register(centresRoutes, { prefix: '/api/admin' });
    await lookupWriters.register(subjectsRoutes, { prefix: '/api/admin' });
    await lookupWriters.register(studentsRoutes, { prefix: '/api/counsellor' });
    await lookupWriters.register(studentStatusRoutes, { prefix: '/api/admin' });
    await lookupWriters.register(seatsRoutes, { prefix: '/api/admin' });
    await lookupWriters.register(marksAdminRoutes, { prefix: '/api/admin' });
    await lookupWriters.register(centreHallTicketsRoutes, { prefix: '/api/admin' });
    await lookupWriters.register(marksRoutes, { prefix: '/api/exam' });
  });
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(metricsRoutes, { prefix: '/api', token: metricsToken });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(registerUserRoute, { prefix: '/api/auth' });
  await app.register(usersRoutes, { prefix: '/api/admin' });
  await app.register(publicCentresRoutes, { prefix: '/api/public' });
  await app.register(publicFlagsRoutes, { prefix: '/api/public' });
  // Courses and concessions (issue 25)
  await app.register(coursesAdminRoutes, { prefix: '/api/admin' });
  await app.register(concessionsStaffRoutes, { prefix: '/api/counsellor' });
  await app.register(publicCoursesRoutes, { prefix: '/api/public' });
  await app.register(filesRoutes, { prefix: '/api' });
  // Enquiries: recorded, followed up, assigned, converted by a registration, erased or anonymised.
  await app.register(async (enquiryWriters) => {
    enquiryWriters.addHook('onSend', enquiriesChangedByWrite);
    await enquiryWriters.register(visitingRoutes, { prefix: '/api/counsellor' });
    await enquiryWriters.register(funnelRoutes, { prefix: '/api/counsellor' });
    await enquiryWriters.register(funnelAdminRoutes, { prefix: '/api/admin' });
    await enquiryWriters.register(publicEnquiryRoutes, { prefix: '/api/public' });
    await enquiryWriters.register(registrationsRoutes, { prefix: '/api/counsellor' });
    await enquiryWriters.register(rightsRoutes, { prefix: '/api/admin' });
    await enquiryWriters.register(retentionRoutes, { prefix: '/api/admin' });
  });
  await app.register(sessionsStaffRoutes, { prefix: '/api/counsellor' });
  await app.register(exportsRoutes, { prefix: '/api/counsellor' });
  await app.register(homeCounsellorRoutes, { prefix: '/api/counsellor' });
  await app.register(homeAdminRoutes, { prefix: '/api/admin' });
  await app.register(paymentsRoutes, { prefix: '/api/counsellor' });
  await app.register(correctionsAdminRoutes, { prefix: '/api/admin' });
  await app.register(correctionsCounsellorRoutes, { prefix: '/api/counsellor' });
  await app.register(messagesAdminRoutes, { prefix: '/api/admin' });
  await app.register(studentMessagesRoutes, { prefix: '/api/counsellor' });
  await app.register(messagesWebhookRoutes, { prefix: '/api/public' });
  await app.register(collectionsRoutes, { prefix: '/api/counsellor' });
  await app.register(collectionsAdminRoutes, { prefix: '/api/admin' });
  await app.register(booksAdminRoutes, { prefix: '/api/admin' });
  await app.register(booksCounsellorRoutes, { prefix: '/api/counsellor' });
  await app.register(documentsRoutes, { prefix: '/api/pdf' });
  await app.register(challanPdfRoutes, { prefix: '/api/pdf' });
  await app.register(auditRoutes, { prefix: '/api/admin' });
  await app.register(backupsRoutes, { prefix: '/api/admin' });
  await app.register(hallTicketRoutes, { prefix: '/api' });
  await app.register(resultsRoutes, { prefix: '/api' });
  // Families' data under the DPDP Act (issue 27)
  await app.register(publicPrivacyRoutes, { prefix: '/api/public' });
  await app.register(consentRoutes, { prefix: '/api/counsellor' });
  await app.register(privacyAdminRoutes, { prefix: '/api/admin' });
  await app.register(dataCopyPdfRoutes, { prefix: '/api/pdf' });
  await app.register(breachRoutes, { prefix: '/api/admin' });
  // Students' own sign-in and page, the question bank and online tests (issue 28)
  await app.register(studentPortalRoutes, { prefix: '/api/student' });
  await app.register(studentPortalAdminRoutes, { prefix: '/api/admin' });
  await app.register(onlineTestsRoutes, { prefix: '/api/exam' });
}
