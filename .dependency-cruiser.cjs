/* global module */
/**
 * The import rules CI checks (scripts/static-checks.sh): no circles, type-only imports included, and the allowed
 * directions between folders (docs/architecture.md).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle, type-only ones included: give the shared type a home both sides import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-reaches-shared-code-only',
      severity: 'error',
      comment: 'The server, bench and scripts reach the SPA only for the shared code: #contracts and #i18n.',
      from: { path: '^(server|bench|scripts)/' },
      to: { path: '^src/', pathNot: '^src/(contracts|i18n)/' },
    },
    {
      name: 'spa-stays-in-src',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(server|tests|bench|scripts)/' },
    },
    {
      name: 'contracts-are-leaves',
      severity: 'error',
      comment: 'The contracts are shared by both sides: they depend on nothing of either but the catalogues.',
      from: { path: '^src/contracts/' },
      to: { path: '^(src|server)/', pathNot: '^src/(contracts|i18n)/' },
    },
    {
      name: 'services-never-reach-machines',
      severity: 'error',
      comment: 'Machines are provided with services (src/services/services.ts), never the other way round.',
      from: { path: '^src/services/' },
      to: { path: '^src/(machines|ui)/' },
    },
    {
      name: 'machines-never-reach-views',
      severity: 'error',
      from: { path: '^src/machines/' },
      to: { path: '^src/ui/' },
    },
    {
      name: 'db-below-the-domains',
      severity: 'error',
      comment: 'The database layer knows no domain: the demo seed (server/src/seed) builds on them instead.',
      // Exceptions: schema.ts gathers every module's tables.ts for drizzle, and the notifications listener logs
      // with the gateway's logger.
      from: {
        path: '^server/src/db/',
        pathNot: ['\\.test\\.ts$', '^server/src/db/(schema|notifications)\\.ts$'],
      },
      to: { path: '^server/src/(modules|gateway|simulator|seed|http)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|server/build|coverage|reports|\\.stryker-tmp)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
