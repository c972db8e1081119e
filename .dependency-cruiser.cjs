/**
 * Which way imports may run between the service folders (`npm run lint:deps`, run by CI).
 * lib/ is what every process shares and imports no service; the engine never reaches into the
 * edge, and the edge knows the engine by its contract (engine/contract/), which itself imports
 * nothing of the engine; localnet is the independent oracle the engine is checked against, so it
 * imports only lib/; what every door shares (callers/) knows no door; accounts knows no other
 * service, and the others know it by its contract, its client and its config; product code never imports tests or benchmarks.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'sdk-core-runs-in-browsers',
      comment:
        'The SDK outside its command line (cli/) runs in browsers too: no Node built-in module (the WebSocket, MessagePack ' +
        'and gRPC packages are optional peers, loaded only when asked for).',
      severity: 'error',
      from: { path: '^sdk/typescript/src/', pathNot: '^sdk/typescript/src/cli/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'sdk-imports-no-service',
      comment:
        'The TypeScript SDK (sdk/typescript/) is published on its own: it knows the service only by its HTTP, WebSocket and ' +
        'gRPC contracts (the generated OpenAPI types, proto/engine.proto copied at build time), never by its code.',
      severity: 'error',
      from: { path: '^sdk/' },
      to: { path: '^(engine|edge|accounts|callers|localnet|lib|proto|scripts|test|bench|main[.]ts)' },
    },
    {
      name: 'no-circular',
      comment:
        'No module reaches itself through its imports, type-only imports included (tsPreCompilationDeps): a cycle ' +
        'means two files that cannot be understood, tested or moved one without the other.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-imports-no-service',
      comment: 'lib/ is shared by every process: it may not depend on one of them.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(engine|edge|accounts|callers|localnet)/' },
    },
    {
      name: 'engine-imports-no-edge',
      comment: 'The engine runs without an edge (npm run start:engine); what both need lives in callers/ or lib/.',
      severity: 'error',
      from: { path: '^engine/' },
      to: { path: '^edge/' },
    },
    {
      name: 'edge-imports-engine-contract-only',
      comment:
        'The edge knows the engine by its contract (engine/contract/: the request and response shapes, their schemas ' +
        'and types), never by its internals, so the engine can change inside without the edge following. Besides the ' +
        'contract it may import only what runs or reaches an engine: engine.ts (the Engine type of the in-process ' +
        'transport), start-engine.ts and config.ts (edge/main.ts starts one in-process when ENGINE_URL is unset) and ' +
        'the gRPC mappers (grpc/*-message.ts) the gRPC transport decodes answers with.',
      severity: 'error',
      from: { path: '^edge/' },
      to: {
        path: '^engine/',
        pathNot:
          '^engine/(contract/|engine[.]ts$|start-engine[.]ts$|config[.]ts$|grpc/(simulate|health|approvals|execute|send|submit|tips|tracked-transaction)-message[.]ts$)',
      },
    },
    {
      name: 'engine-contract-imports-only-lib',
      comment: 'engine/contract/ is what the edge may know of the engine: it must not bring the engine’s internals along.',
      severity: 'error',
      from: { path: '^engine/contract/' },
      to: { path: '^(engine|edge|accounts|callers|localnet)/', pathNot: '^engine/contract/' },
    },
    {
      name: 'localnet-imports-only-lib',
      comment: 'localnet is the chain the engine is checked against: it must not share the engine’s code.',
      severity: 'error',
      from: { path: '^localnet/' },
      to: { path: '^(engine|edge|accounts|callers)/' },
    },
    {
      name: 'callers-import-no-door',
      comment: 'callers/ is what every door (REST, WebSocket, gRPC) shares: it knows none of them.',
      severity: 'error',
      from: { path: '^callers/' },
      to: { path: '^edge/' },
    },
    {
      name: 'accounts-imports-no-other-service',
      comment: 'The accounts service runs on its own (npm run start:accounts).',
      severity: 'error',
      from: { path: '^accounts/' },
      to: { path: '^(engine|edge|callers|localnet)/' },
    },
    {
      name: 'outside-accounts-only-its-contract-client-and-config',
      comment:
        'Other services know the user service by its contract (accounts/contract/: its types, API schemas, closed sets ' +
        'and limits), its client (user-service-client.ts, and connect-user-service.ts, which picks the in-process ' +
        'service or that client) and its config, never by its internals.',
      severity: 'error',
      from: { path: '^(engine|edge|callers|lib|localnet)/|^main\\.ts$' },
      to: {
        path: '^accounts/',
        pathNot: '^accounts/(contract/|user-service-client[.]ts$|connect-user-service[.]ts$|config[.]ts$)',
      },
    },
    {
      name: 'product-imports-no-test-or-bench',
      severity: 'error',
      from: { path: '^(lib|engine|edge|accounts|callers|localnet|proto)/|^main\\.ts$' },
      to: { path: '^(test|bench)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^proto/gen/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
}
