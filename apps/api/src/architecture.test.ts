import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The architecture's rules live in .dependency-cruiser.cjs and `npm run lint` enforces them. Here they
 * meet a small tree that breaks each one, so a rule that stopped matching (a renamed folder, a typo in a
 * pattern) fails this test instead of silently letting everything through.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const config: IConfiguration = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs'));
const work = mkdtempSync(path.join(tmpdir(), 'architecture-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function tree(files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(work, name)), { recursive: true });
    writeFileSync(path.join(work, name), text);
  }
}

const pgliteProject = process.env.TEST_DB_DRIVER !== 'postgres';

describe.runIf(pgliteProject)('the architecture rules (.dependency-cruiser.cjs)', () => {
  it('fail the build on each forbidden import', async () => {
    tree({
      'apps/web/src/features/alpha/components/a.tsx': "import { b } from '../../beta/api/b';\nexport const a = b;\n",
      'apps/web/src/features/beta/api/b.ts': 'export const b = 1;\n',
      'apps/web/src/features/beta/api/own.ts': "import { b } from './b';\nexport const c = b;\n",
      'apps/api/src/modules/pay/pay.routes.ts':
        "import { sql } from 'drizzle-orm';\nimport { rows } from './pay.repository';\nexport const r = [sql, rows];\n",
      'apps/api/src/modules/pay/pay.repository.ts': 'export const rows = [];\n',
      'apps/api/src/modules/pay/pay.service.ts':
        "import type { FastifyInstance } from 'fastify';\nexport type S = FastifyInstance;\n",
      'apps/api/src/modules/pay/pay.sheet.ts': "import ExcelJS from 'exceljs';\nexport const x = ExcelJS;\n",
      'apps/api/src/lib/spreadsheet/write.ts': "import ExcelJS from 'exceljs';\nexport const y = ExcelJS;\n",
      'apps/api/src/ops/backup.ts': "import { rows } from '../modules/pay/pay.repository';\nexport const o = rows;\n",
      'packages/domain/src/rules.ts':
        "import { rows } from '../../../apps/api/src/modules/pay/pay.repository';\nexport const d = rows;\n",
      'apps/web/src/lib/x.ts':
        "import { rows } from '../../../api/src/modules/pay/pay.repository';\nexport const w = rows;\n",
      'apps/api/src/lib/one.ts': "import { two } from './two';\nexport const one = () => two;\n",
      'apps/api/src/lib/two.ts': "import { one } from './one';\nexport const two = () => one;\n",
    });
    // The repository's own tsconfig is not there: the little tree needs no path aliases.
    const { tsConfig: _tsConfig, ...options } = config.options ?? {};
    const result = await cruise(['apps', 'packages'], { ...options, baseDir: work, ruleSet: config, validate: true });
    const output = result.output;
    if (typeof output === 'string') throw new Error('expected a cruise result, not text');
    const broken = output.summary.violations.map(
      (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
    );
    expect(broken).toEqual(
      expect.arrayContaining([
        'web-features-are-independent: apps/web/src/features/alpha/components/a.tsx → apps/web/src/features/beta/api/b.ts',
        expect.stringMatching(/^routes-speak-http-only: apps\/api\/src\/modules\/pay\/pay\.routes\.ts → .*drizzle-orm/),
        'routes-speak-http-only: apps/api/src/modules/pay/pay.routes.ts → apps/api/src/modules/pay/pay.repository.ts',
        expect.stringMatching(/^services-know-no-http: apps\/api\/src\/modules\/pay\/pay\.service\.ts → .*fastify/),
        expect.stringMatching(
          /^spreadsheets-behind-one-module: apps\/api\/src\/modules\/pay\/pay\.sheet\.ts → .*exceljs/,
        ),
        'ops-below-modules: apps/api/src/ops/backup.ts → apps/api/src/modules/pay/pay.repository.ts',
        'domain-stands-alone: packages/domain/src/rules.ts → apps/api/src/modules/pay/pay.repository.ts',
        'web-below-api: apps/web/src/lib/x.ts → apps/api/src/modules/pay/pay.repository.ts',
        expect.stringMatching(/^no-cycles: apps\/api\/src\/lib\/(one|two)\.ts/),
      ]),
    );
    // A feature importing its own files is allowed.
    expect(broken.filter((line) => line.includes('beta/api/own.ts'))).toEqual([]);
    // The spreadsheet module itself may use exceljs.
    expect(broken.filter((line) => line.includes('lib/spreadsheet/write.ts'))).toEqual([]);
  });
});
