import { randomUUID } from 'node:crypto';
import { indianToday } from '@app/domain/dates.rules';
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

/** `jti`: the session's own id, so two sessions signed in the same second are two tokens. */
type TokenClaims =
  | { sub: string; role: Role; sv: number; jti?: string }
  | { sub: string; aud: 'student'; tv: number; jti?: string };

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
      { sub: user.uuid, role: user.role, sv: user.sessionVersion, jti: randomUUID() },
      { expiresIn: Math.floor(SESSION_LIFETIME_MS / 1000) },
    );
    return { token, expiresAt };
  });

  app.decorate('signStudentSession', ({ studentId, tokenVersion }) => {
    const expiresAt = Date.now() + STUDENT_SESSION_LIFETIME_MS;
    const token = app.jwt.sign(
      { sub: studentId, aud: 'student', tv: tokenVersion, jti: randomUUID() },
      { expiresIn: Math.floor(STUDENT_SESSION_LIFETIME_MS / 1000) },
    );
    return { token, expiresAt };
  });

  const verifiedTokens: VerifiedTokens = new Map();
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

    const verified = await verifiedClaims(request, verifiedTokens);
    // A student's token and a staff token are told apart by their claims: neither ever passes as the other.
    if (verified.kind === 'student') {
      if (!access.includes('student')) throw new DomainError('FORBIDDEN', messages.forbidden);
      await checkStudentSession(app.deps.db, {
        studentId: verified.claims.sub,
        tokenVersion: verified.claims.tv,
        today: indianToday(app.deps.clock()),
      });
      request.student = { studentId: verified.claims.sub };
      return;
    }
    request.actor = await authenticate(app, verified.claims);
    if (!access.includes(request.actor.role)) throw new DomainError('FORBIDDEN', messages.forbidden);
  });
});

/**
 * Session tokens whose signature and claims were checked already, by the token: a signed-in user (or
 * student) sends the same one with every request, and checking it again (decode, hash, HMAC, schema) was a
 * tenth of a small GET. The expiry is still checked at every use; a staff user (session version, role,
 * active) by the user cache, a student (token version, active) by checkStudentSession. Oldest first out
 * beyond VERIFIED_TOKENS_KEPT.
 */
type Verified =
  | { kind: 'staff'; claims: z.output<typeof tokenClaims> }
  | { kind: 'student'; claims: z.output<typeof studentClaims> };
type VerifiedTokens = Map<string, Verified>;
const VERIFIED_TOKENS_KEPT = 10_000;
const BEARER = 'Bearer ';

async function verifiedClaims(request: FastifyRequest, verifiedTokens: VerifiedTokens): Promise<Verified> {
  const header = request.headers.authorization;
  if (!header) throw new DomainError('UNAUTHORIZED', messages.signInRequired);
  const token = header.startsWith(BEARER) ? header.slice(BEARER.length) : undefined;
  const known = token === undefined ? undefined : verifiedTokens.get(token);
  if (known && known.claims.exp * 1000 > Date.now()) return known;
  let verified: unknown;
  try {
    verified = await request.jwtVerify();
  } catch (error) {
    const expired = (error as { code?: string }).code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED';
    throw new DomainError('UNAUTHORIZED', expired ? messages.sessionExpired : messages.signInRequired);
  }
  const asStudent = studentClaims.safeParse(verified);
  const asStaff = asStudent.success ? undefined : tokenClaims.safeParse(verified);
  let result: Verified;
  if (asStudent.success) result = { kind: 'student', claims: asStudent.data };
  else if (asStaff?.success) result = { kind: 'staff', claims: asStaff.data };
  else throw new DomainError('UNAUTHORIZED', messages.signInRequired);
  if (token !== undefined) {
    if (verifiedTokens.size >= VERIFIED_TOKENS_KEPT) verifiedTokens.delete(verifiedTokens.keys().next().value ?? '');
    verifiedTokens.set(token, result);
  }
  return result;
}

async function authenticate(app: FastifyInstance, claims: z.output<typeof tokenClaims>): Promise<Actor> {
  const user = await app.deps.userCache.get(claims.sub);
  if (!user || user.sessionVersion !== claims.sv || user.role !== claims.role) {
    throw new DomainError('UNAUTHORIZED', messages.sessionExpired);
  }
  if (!user.isActive) throw new DomainError('UNAUTHORIZED', messages.accountDeactivated);
  const { passwordHash: _secret, ...actor } = user;
  return actor;
}
