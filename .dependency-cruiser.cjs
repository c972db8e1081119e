/**
 * Which way imports may run between the service folders (`npm run lint:deps`, run by CI).
 * lib/ is what every process shares and imports no service; the engine never reaches into the
 * edge, and the edge knows the engine by its contract (engine/contract/, which itself imports
 * nothing of the engine) and its client (engine/client/); inside the engine, three layers import
 * downwards only (engine/README.md); localnet is the independent oracle the engine is checked
 * against, so it imports only lib/; what every door shares (callers/) knows no door; accounts
 * knows no other service, and the others know it by its contract, its client and its config;
 * product code never imports tests or benchmarks.
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
      name: 'dashboard-talks-through-the-sdk',
      comment:
        'The dashboard (dashboard/) is a browser app that uses the API as any user does: through the TypeScript SDK, never ' +
        "by the service's code, its tests or its benchmarks.",
      severity: 'error',
      from: { path: '^dashboard/' },
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
        'and types) and its client (engine/client/: the EngineClient interface, in-process and over gRPC), never by its ' +
        'internals, so the engine can change inside without the edge following. Besides them it may import only what ' +
        'starts an engine in its process when ENGINE_URL is unset: engine.ts (the Engine type), start-engine.ts and config.ts.',
      severity: 'error',
      from: { path: '^edge/' },
      to: {
        path: '^engine/',
        pathNot: '^engine/(contract/|client/|engine[.]ts$|start-engine[.]ts$|config[.]ts$)',
      },
    },
    {
      name: 'callers-know-engine-by-contract-and-client',
      comment: 'What every door shares (callers/) knows the engine as the edge does: by its contract and its client.',
      severity: 'error',
      from: { path: '^callers/' },
      to: { path: '^engine/', pathNot: '^engine/(contract/|client/)' },
    },
    {
      name: 'engine-core-imports-no-upper-layer',
      comment:
        'The engine in three layers (engine/README.md): the hot path’s core (decode, state, svm, rpc, geyser) is what ' +
        'detection and landing build on; it knows neither of them, nor the orchestration above it (simulate, workers, watch).',
      severity: 'error',
      from: { path: '^engine/hot-path/(decode|state|svm|rpc|geyser)/' },
      to: { path: '^engine/(detection|landing)/|^engine/hot-path/(simulate|workers|watch)/' },
    },
    {
      name: 'engine-detection-imports-no-landing-or-orchestration',
      comment:
        'Detection (vectors, drains, MEV, swaps, tokens, programs, wallets, policy, fees, approvals) judges what the core ' +
        'ran: it imports the core, never the simulate orchestration that calls it, nor landing.',
      severity: 'error',
      from: { path: '^engine/detection/' },
      to: { path: '^engine/landing/|^engine/hot-path/(simulate|workers|watch)/' },
    },
    {
      name: 'engine-hot-path-imports-no-landing',
      comment: 'Landing (submit, send, bundle, relay, tracking, execute) uses a simulation; a simulation never lands anything.',
      severity: 'error',
      from: { path: '^engine/hot-path/' },
      to: { path: '^engine/landing/' },
    },
    {
      name: 'engine-layers-import-no-transport',
      comment:
        'The layers are called by the engine’s doors (grpc/, server.ts) and its start (main.ts, start-engine.ts); they call none of them.',
      severity: 'error',
      from: { path: '^engine/(hot-path|detection|landing)/' },
      to: { path: '^engine/(grpc/|server[.]ts$|main[.]ts$|start-engine[.]ts$)' },
    },
    {
      name: 'engine-messages-import-only-contract',
      comment:
        'engine/messages/ maps the contract to its gRPC messages and back: the port, the gRPC client and a simulate ' +
        'worker that encodes the port’s answer all use it, so it brings neither the layers nor the port along.',
      severity: 'error',
      from: { path: '^engine/messages/' },
      to: { path: '^(engine|edge|accounts|callers|localnet)/', pathNot: '^engine/(contract|messages)/' },
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
