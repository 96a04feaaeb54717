import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import { type Role, roles } from '@app/domain/roles';
import { SESSION_LIFETIME_MS, STUDENT_SESSION_LIFETIME_MS } from '@app/domain/session.rules';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { accessFor, publicPrefixes } from '../access';
import type { UserRow } from '../db/schema';
import type { SessionSigner, StudentSessionSigner } from '../deps';
import { checkStudentSession } from '../modules/student-portal/student-session';

/** The signed-in user behind a request, checked on every request (through the user cache). */
export type Actor = Omit<UserRow, 'passwordHash'>;

type TokenClaims = { sub: string; role: Role; sv: number } | { sub: string; aud: 'student'; tv: number };

/** A signed-in student (issue 28): their ID, from their own token. */
export type StudentActor = { studentId: string };

/** A student's token: audience 'student', the student ID and the student's token version (bumped by a reset). */
const studentClaims = z.object({
  aud: z.literal('student'),
  sub: z.string().min(1).max(20),
  tv: z.int().min(0),
  exp: z.number(),
});

/**
 * What a session token must hold. A token is signed by us, but the claims are still checked: one that
 * never expires, or names no user, is not a session.
 */
const tokenClaims = z.object({
  sub: z.uuid(),
  role: z.enum(roles),
  sv: z.int().min(0),
  exp: z.number(),
});

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    student: StudentActor | null;
  }
  interface FastifyInstance {
    signSession: SessionSigner;
    signStudentSession: StudentSessionSigner;
    /** Every route registered under /api, for the route × role test. */
    apiRoutes: { method: string; url: string }[];
  }
  interface FastifyContextConfig {
    /**
     * A route the access table opens to some roles that a machine may call too, with a secret of its own
     * instead of a user's session (GET /api/metrics for Prometheus): true lets this Authorization header in.
     */
    acceptsToken?: (authorization: string | undefined) => boolean;
  }
}

/** The actor of a route that the access table opens only to signed-in users. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new DomainError('UNAUTHORIZED', messages.signInRequired);
  return request.actor;
}

/** The student of a route the access table opens only to students. */
export function studentOf(request: FastifyRequest): StudentActor {
  if (!request.student) throw new DomainError('UNAUTHORIZED', messages.signInRequired);
  return request.student;
}

export const authPlugin = fp(async (app: FastifyInstance, options: { secret: string }) => {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256' },
    verify: { algorithms: ['HS256'], cache: 10_000 },
  });

  app.decorate('signSession', (user) => {
    const expiresAt = Date.now() + SESSION_LIFETIME_MS;
    const token = app.jwt.sign(
      { sub: user.uuid, role: user.role, sv: user.sessionVersion },
      { expiresIn: Math.floor(SESSION_LIFETIME_MS / 1000) },
    );
    return { token, expiresAt };
  });

  app.decorate('signStudentSession', ({ studentId, tokenVersion }) => {
    const expiresAt = Date.now() + STUDENT_SESSION_LIFETIME_MS;
    const token = app.jwt.sign(
      { sub: studentId, aud: 'student', tv: tokenVersion },
      { expiresIn: Math.floor(STUDENT_SESSION_LIFETIME_MS / 1000) },
    );
    return { token, expiresAt };
  });

  app.decorate('apiRoutes', []);
  app.decorateRequest('actor', null);
  app.decorateRequest('student', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || publicPrefixes.some((prefix) => route.url.startsWith(prefix))) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url });
    }
  });

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    // Unknown paths fall through to the not-found handler; documentation is open.
    if (!url?.startsWith('/api') || publicPrefixes.some((prefix) => url.startsWith(prefix))) return;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const access = accessFor(method, url);
    if (access === undefined) throw new DomainError('FORBIDDEN', messages.forbidden);
    if (access === 'public') return;
    if (request.routeOptions.config?.acceptsToken?.(request.headers.authorization)) return;

    const verified = await verifiedToken(request);
    // A student's token and a staff token are told apart by their claims: neither ever passes as the other.
    const asStudent = studentClaims.safeParse(verified);
    if (asStudent.success) {
      if (!access.includes('student')) throw new DomainError('FORBIDDEN', messages.forbidden);
      await checkStudentSession(app.deps.db, { studentId: asStudent.data.sub, tokenVersion: asStudent.data.tv });
      request.student = { studentId: asStudent.data.sub };
      return;
    }
    request.actor = await authenticate(app, verified);
    if (!access.includes(request.actor.role)) throw new DomainError('FORBIDDEN', messages.forbidden);
  });
});

async function verifiedToken(request: FastifyRequest): Promise<unknown> {
  if (!request.headers.authorization) throw new DomainError('UNAUTHORIZED', messages.signInRequired);
  try {
    return await request.jwtVerify();
  } catch (error) {
    const expired = (error as { code?: string }).code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED';
    throw new DomainError('UNAUTHORIZED', expired ? messages.sessionExpired : messages.signInRequired);
  }
}

async function authenticate(app: FastifyInstance, verified: unknown): Promise<Actor> {
  const parsed = tokenClaims.safeParse(verified);
  if (!parsed.success) throw new DomainError('UNAUTHORIZED', messages.signInRequired);
  const claims = parsed.data;
  const user = await app.deps.userCache.get(claims.sub);
  if (!user || user.sessionVersion !== claims.sv || user.role !== claims.role) {
    throw new DomainError('UNAUTHORIZED', messages.sessionExpired);
  }
  if (!user.isActive) throw new DomainError('UNAUTHORIZED', messages.accountDeactivated);
  const { passwordHash: _secret, ...actor } = user;
  return actor;
}
