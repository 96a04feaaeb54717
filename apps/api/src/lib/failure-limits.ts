import type { AttemptStore } from './attempt-store';

/**
 * Failure limits that do not lock out a crowd behind one address. Indian mobile networks put thousands
 * of phones behind one public address (CGNAT), a school lab or a branch office shares one: a limit per
 * address alone lets one person's typos (or one attacker) refuse everybody there. So failures are
 * counted three ways, each in its own window:
 *
 * - own: this subject (a student ID, an account) from this address: what the person asking did;
 * - subject: this subject from every address: how hard that one student or account is being tried;
 * - address: every subject from this address: somebody walking through IDs or spraying passwords.
 *
 * The verdict looks at the asker's own failures first. Others' failures never refuse a clean record on
 * their own: they only lower how many failures of its own the asker may have (`ownUnderPressure`), so
 * an attacker spread over many addresses gets a few guesses per address, and a genuine student or user
 * whose own record is clean is answered. The one exception is a policy with `hardAddressCeiling`: past
 * it the address is refused outright (see the lookups' reasoning in results/lookup.service.ts).
 *
 * Why not check the answer first and let a correct one through past any limit: then a refused wrong
 * answer (429) and an accepted right one (200) still tell a guesser which is which, at full speed, and
 * the limit limits nothing. The verdict therefore never depends on whether this answer is right.
 */
export type FailurePolicy = {
  /** Key prefix in the attempt store. */
  name: string;
  windowMs: number;
  /** Own failures allowed while nobody else presses on the subject or the address. */
  own: number;
  /** Own failures allowed once the subject or the address is past its limit. */
  ownUnderPressure: number;
  /** Failures on one subject, from all addresses, past which it is under pressure. */
  subject: number;
  /** Failures from one address, over all subjects, past which it is under pressure (or refused). */
  address: number;
  /** Past `address` the address is refused whatever its own records (lookups: one guess per ID is enough to walk them). */
  hardAddressCeiling: boolean;
};

export type FailureCounts = { own: number; subject: number; address: number };

/** Pure verdict: true when this asker is refused. */
export function isRefused(policy: FailurePolicy, counts: FailureCounts): boolean {
  const addressPast = counts.address >= policy.address;
  if (addressPast && policy.hardAddressCeiling) return true;
  const pressed = addressPast || counts.subject >= policy.subject;
  return counts.own >= (pressed ? policy.ownUnderPressure : policy.own);
}

export type FailureGate = {
  refused: boolean;
  /** The window's length: by then the oldest failure that counted is sure to have expired. */
  retryAfterSeconds: number;
  /** Counts one failure of this asker on this subject (all three counters). */
  fail(): Promise<void>;
  /** A right answer clears the asker's own failures on the subject (others' stay counted). */
  succeed(): Promise<void>;
};

/** The attempt-store keys of one asker's three counters. */
export function failureKeys(policy: FailurePolicy, { subject, ip }: { subject: string; ip: string }) {
  return {
    own: `${policy.name}:${subject}:${ip}`,
    subject: `${policy.name}-subject:${subject}`,
    address: `${policy.name}-ip:${ip}`,
  };
}

/** Reads the three counters of one request (in parallel: one round trip to Redis) and judges it. */
export async function failureGate(
  store: AttemptStore,
  policy: FailurePolicy,
  { subject, ip }: { subject: string; ip: string },
): Promise<FailureGate> {
  const keys = failureKeys(policy, { subject, ip });
  const [own, onSubject, fromAddress] = await Promise.all([
    store.count(keys.own),
    store.count(keys.subject),
    store.count(keys.address),
  ]);
  return {
    refused: isRefused(policy, { own, subject: onSubject, address: fromAddress }),
    retryAfterSeconds: Math.ceil(policy.windowMs / 1000),
    async fail() {
      await Promise.all(Object.values(keys).map((key) => store.hit(key, policy.windowMs)));
    },
    async succeed() {
      if (own > 0) await store.reset(keys.own);
    },
  };
}
