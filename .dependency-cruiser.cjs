// Import rules of docs/architecture.md (decision 038), checked by `npm run lint` (lint:imports). ESLint holds
// the rest (web never imports api code, features never import each other statically, file length).
const api = 'apps/api/src';
// Plumbing: the database, HTTP helpers, the job queue, configuration, the error shape, the auth library's setup.
const plumbing = `^${api}/(db|http|jobs)/|^${api}/(config|errors|auth)[.]ts$`;
// What composes the app and starts processes: nothing below may import it.
const composition = `^${api}/(cli|demo)/|^${api}/(app|compose-workers|compose-listing|server|worker)[.]ts$`;
const capability = `^${api}/modules/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circles in apps/api/src, apps/web/src or packages/domain/src (type imports count).',
      from: { path: '^(apps/api/src|apps/web/src|packages/domain/src)/' },
      to: { circular: true },
    },
    {
      name: 'plumbing-knows-no-capability',
      severity: 'error',
      comment:
        'db/, http/, jobs/, config.ts, errors.ts and auth.ts import no capability (modules/), no adapter and ' +
        'nothing of the composition: a capability registers its routes and job handlers in app.ts and ' +
        'compose-workers.ts.',
      from: { path: plumbing },
      to: { path: [capability, `^${api}/adapters/`, composition] },
    },
    {
      name: 'db-below-http-and-jobs',
      severity: 'error',
      comment: 'The database layer imports neither the HTTP helpers nor the job queue.',
      from: { path: `^${api}/db/` },
      to: { path: `^${api}/(http|jobs)/` },
    },
    {
      name: 'adapters-know-no-capability',
      severity: 'error',
      comment: 'adapters/ speak outside protocols for several capabilities and import none of them.',
      from: { path: `^${api}/adapters/` },
      to: { path: [capability, composition] },
    },
    {
      name: 'floor-knows-no-capability',
      severity: 'error',
      comment:
        'modules/core/ is the floor every capability stands on (issue 42, decision 071): the agent context, the ' +
        'public reads, mail delivery and layout, the notification-job scheduler. It imports no other folder of ' +
        'modules/; a capability that must take part hands its piece in at composition.',
      from: { path: `^${api}/modules/core/` },
      to: { path: capability, pathNot: `^${api}/modules/core/` },
    },
    {
      name: 'capabilities-below-composition',
      severity: 'error',
      comment: 'A capability is composed by app.ts / compose-workers.ts; it never imports them.',
      from: { path: capability },
      to: { path: composition },
    },
    {
      name: 'web-features-independent',
      severity: 'error',
      comment:
        'Web features do not import each other, not even lazily: share through components/, lib/ or the domain.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'marketing-words-load-no-schemas',
      severity: 'error',
      comment:
        'The launch texts every marketing page imports (packages/domain/src/launch.ts) reach no schema module, ' +
        "where zod is: a schema made at a module's top level put zod's 27 KB gzip in each of their first loads " +
        "(issue 48, decision 099). The answer's schema is in schemas/launch.ts.",
      from: { path: '^packages/domain/src/launch[.]ts$' },
      to: { path: '^packages/domain/src/schemas/', reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|[.]test[.]tsx?$|/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
