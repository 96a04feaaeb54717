/**
 * The architecture's rules, in one file a tool enforces (`npm run lint`, CI): which part of the code may
 * import which. A forbidden import fails the build; apps/api/src/architecture.test.ts shows
 * one for each rule. Violations that were there when a rule came in, and that a refactor still owes, are listed in
 * .dependency-cruiser-known-violations.json (`npm run lint:baseline` rewrites it): only new ones fail.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'web-features-are-independent',
      comment: 'A web feature never imports another: move what both need to components/, lib/ or api/ (STYLE.md).',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'routes-speak-http-only',
      comment: 'A route file calls its service: never Drizzle or a repository directly (STYLE.md, API module anatomy).',
      severity: 'error',
      from: { path: '^apps/api/src/.+\\.routes\\.ts$' },
      to: { path: ['(^|/)drizzle-orm(/|$)', '\\.repository\\.ts$', '^apps/api/src/db/schema'] },
    },
    {
      name: 'services-know-no-http',
      comment: 'A service gets what it uses (database, caches, clock): never Fastify or its instance.',
      severity: 'error',
      from: { path: '^apps/api/src/.+\\.service\\.ts$' },
      to: { path: '(^|/)fastify(/|$)' },
    },
    {
      name: 'domain-stands-alone',
      comment: 'packages/domain is pure rules and schemas: no app, no server, database or UI library.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: ['^apps/', '(^|/)(fastify|drizzle-orm|pg|react|react-dom)(/|$)'] },
    },
    {
      name: 'ops-below-modules',
      comment: 'The operator commands (backup, restore, move) stand below the feature modules.',
      severity: 'error',
      // Tests may set data up through the services.
      from: { path: '^apps/api/src/ops/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'spreadsheets-behind-one-module',
      comment:
        'Workbooks are read and written by lib/spreadsheet only (decision 008): limits and formula neutralising live there.',
      severity: 'error',
      // Tests build hostile workbooks and read ours with exceljs, as an independent check.
      from: {
        path: '^apps/api/src/',
        pathNot: ['^apps/api/src/lib/spreadsheet/', '\\.test\\.ts$', '^apps/api/src/testing/'],
      },
      to: { path: '(^|/)exceljs(/|$)' },
    },
    {
      name: 'web-below-api',
      comment: 'The web app and the server share only packages/domain.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'no-cycles',
      comment: 'Import cycles make load order matter and hide layering mistakes.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|dist-ssr)/' },
    tsPreCompilationDeps: true,
    // The web app's tsconfig: its '@/…' paths are the only aliases (packages resolve as workspaces).
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    combinedDependencies: true,
    // TypeScript 7 has no JavaScript API to parse with: swc reads the sources.
    parser: 'swc',
  },
};
