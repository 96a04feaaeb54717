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
  /** The fields it covers; all when left out. */
  fields?: string[];
  kinds?: MutationKind[];
  labels?: string[];
  problems: ProblemType[];
  drivers?: ('pglite' | 'postgres')[];
  /** One case it covers, run by the "still reproduce" test (the route defaults to the entry's). */
  repro: {
    route?: string;
    field?: string;
    kind: MutationKind;
    label: string;
    role?: FuzzRole;
    /** When the case alone cannot show the problem (it depends on rows): the status that still shows the bug. */
    stillWhenStatus?: (status: number) => boolean;
  };
};

const _refusedControls = ['U+0000', 'U+0001', 'U+0008', 'U+001B', 'U+007F', 'U+0085'];
const _wrongNumbers = {
  kinds: ['hostile-number', 'wrong-type', 'null', 'empty', 'huge-string'] as MutationKind[],
  problems: ['accepted'] as ProblemType[],
};
const _nonObjectBodies = {
  kinds: ['non-object-body', 'broken-body'] as MutationKind[],
  labels: ['null', '[]', '"x"', '42', 'true', '[{}]', 'text/plain'],
  problems: ['5xx'] as ProblemType[],
};

/** The 20 found on main at 4baa21e (issue 9) are fixed; a new finding goes here only while it is being fixed. */
export const KNOWN_FINDINGS: KnownFinding[] = [];

export function knownFindingOf(
  fuzzCase: Pick<FuzzCase, 'route' | 'field' | 'kind' | 'label'>,
  problem: ProblemType,
  driver: 'pglite' | 'postgres',
): KnownFinding | undefined {
  return KNOWN_FINDINGS.find(
    (entry) =>
      (entry.route === '*' || entry.route === fuzzCase.route) &&
      (entry.fields === undefined || (fuzzCase.field !== undefined && entry.fields.includes(fuzzCase.field))) &&
      (entry.kinds === undefined || entry.kinds.includes(fuzzCase.kind)) &&
      (entry.labels === undefined || entry.labels.includes(fuzzCase.label)) &&
      entry.problems.includes(problem) &&
      (entry.drivers === undefined || entry.drivers.includes(driver)),
  );
}
