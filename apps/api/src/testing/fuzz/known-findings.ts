import type { ProblemType } from './case-runner';
import type { FuzzCase } from './fuzz-cases';
import type { FuzzRole } from './fuzz-world';
import type { MutationKind } from './hostile-values';

/**
 * Bugs the suite has found that are being fixed: cases that match an entry are counted and reported,
 * not failed, so the branch stays green meanwhile. Delete an entry once its bug is fixed (the
 * "still reproduce" test says which). Each entry names the narrowest route, field and values it covers.
 */
export type KnownFinding = {
  /** What is wrong, in a sentence. */
  finding: string;
  /** The access-table key, or '*' for a bug of every route (a class of input). */
  route: string;
  field?: string;
  kinds?: MutationKind[];
  labels?: string[];
  problems: ProblemType[];
  drivers?: ('pglite' | 'postgres')[];
  /** One case it covers, run by the "still reproduce" test (route and field default to the entry's). */
  repro: { route?: string; field?: string; kind: MutationKind; label: string; role?: FuzzRole };
};

export const KNOWN_FINDINGS: KnownFinding[] = [];

export function knownFindingOf(
  fuzzCase: Pick<FuzzCase, 'route' | 'field' | 'kind' | 'label'>,
  problem: ProblemType,
  driver: 'pglite' | 'postgres',
): KnownFinding | undefined {
  return KNOWN_FINDINGS.find(
    (entry) =>
      (entry.route === '*' || entry.route === fuzzCase.route) &&
      (entry.field === undefined || entry.field === fuzzCase.field) &&
      (entry.kinds === undefined || entry.kinds.includes(fuzzCase.kind)) &&
      (entry.labels === undefined || entry.labels.includes(fuzzCase.label)) &&
      entry.problems.includes(problem) &&
      (entry.drivers === undefined || entry.drivers.includes(driver)),
  );
}
