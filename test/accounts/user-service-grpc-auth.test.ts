/**
 * The accounts gRPC port as an attacker on the network meets it: every method, called with no
 * metadata, with a wrong token of the right length, or with an API key of a real user instead of
 * the token, is UNAUTHENTICATED — and nothing changed behind it (no key minted for the victim, no
 * card set, no blocks replaced, no forged history, no tracking forged, patched or claimed away, no
 * quota notice queued). The service's own client, with the token, works.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import t from 'tap'
import { credentials, Metadata, status as GrpcStatus, type Client, type ServiceError as GrpcServiceError } from '@grpc/grpc-js'
import { startUserServiceServer } from '../../accounts/server.js'
import { createGrpcUserServiceClient } from '../../accounts/user-service-client.js'
import { toTrackedTransactionMessage } from '../../accounts/grpc/tracking-messages.js'
import { verifyAccessToken } from '../../lib/access-token.js'
import { toBase58 } from '../../lib/base58.js'
import { INTERNAL_TOKEN_METADATA } from '../../lib/grpc/internal-token.js'
import { loadAccountsProto } from '../../lib/grpc/load-proto.js'
import { createTestUserService } from '../helpers/user-service.js'
import { TEST_INTERNAL_TOKEN } from '../helpers/internal-token.js'
import { createProgramIds } from './program-block-fixtures.js'

type UnaryMethod = (request: object, metadata: Metadata, callback: (error: GrpcServiceError | null, response?: unknown) => void) => void

t.test('the accounts gRPC port refuses every call without the internal token', async (t) => {
  const { userService, db, signingKey, clock } = await createTestUserService(t)
  const server = await startUserServiceServer(userService, '127.0.0.1', 0, { internalToken: TEST_INTERNAL_TOKEN })
  t.teardown(() => server.close())

  // The victim, set up through the service itself.
  const auth = await userService.register({ email: `victim-${process.pid}@example.com`, password: 'correct horse battery staple' })
  const victimId = (await verifyAccessToken(signingKey, auth.token, clock.now()))?.userId as string
  const victimKey = await userService.createApiKey(victimId, { name: 'own key' })
  const victimBlocks = createProgramIds(2)
  await userService.setProgramBlocks(victimId, victimBlocks)
  const tracked = {
    userId: victimId,
    signature: toBase58(randomBytes(64)),
    kind: 'send' as const,
    status: 'pending' as const,
    route: 'direct_rpc' as const,
    attempts: 1,
    endpoints: ['rpc.example.com'],
    wireTransaction: new Uint8Array([1, 2, 3]),
    lastValidBlockHeight: 100,
    landedSlot: null,
    transactionError: null,
    prediction: null,
    outcome: null,
    strategy: null,
    relayBundleId: null,
    tipLamports: null,
    dropReason: null,
    createdAtMs: clock.now(),
    updatedAtMs: clock.now(),
  }
  // Unleased: claimable by whoever claims first.
  await userService.trackTransaction(tracked, 0)
  const forgedSignature = toBase58(randomBytes(64))

  const proto = loadAccountsProto()
  const raw = new proto.preflight.accounts.v1.Accounts(server.address, credentials.createInsecure()) as unknown as Client &
    Record<string, UnaryMethod>
  t.teardown(() => raw.close())
  const requests: Record<string, object> = {
    Register: { email: `attacker-${process.pid}@example.com`, password: 'correct horse battery staple' },
    Login: { email: `victim-${process.pid}@example.com`, password: 'correct horse battery staple' },
    Refresh: { refresh_token: auth.refresh_token },
    Logout: { refresh_token: auth.refresh_token },
    GetUser: { user_id: victimId },
    GetUserState: { user_id: victimId },
    DeleteUser: { user_id: victimId },
    SetCardOnFile: { user_id: victimId, has_card: true },
    ListApiKeys: { user_id: victimId },
    CreateApiKey: { user_id: victimId, name: 'attacker key' },
    RevokeApiKey: { user_id: victimId, api_key_id: victimKey.id },
    RotateApiKey: { user_id: victimId, api_key_id: victimKey.id },
    AuthenticateApiKey: { key_hash: 'a'.repeat(64) },
    RecordKeyUsage: { usage: [{ api_key_id: victimKey.id, count: 1_000_000, last_used_at_ms: clock.now() }] },
    RecordSimulations: { records: [] },
    ListSimulations: { user_id: victimId, limit: 10 },
    GetUserStats: { user_id: victimId },
    GetServiceTotals: {},
    GetSimulationCounts: { since_ms: 0 },
    GetSubmitUsage: { user_id: victimId, since_ms: 0, until_ms: clock.now() },
    GetProgramBlocks: { user_id: victimId },
    SetProgramBlocks: { user_id: victimId, program_ids: [] },
    RemoveProgramBlock: { user_id: victimId, program_id: victimBlocks[0] as string },
    TrackTransaction: { record: toTrackedTransactionMessage({ ...tracked, signature: forgedSignature }), lease_ms: 0 },
    UpdateTrackedTransaction: { user_id: victimId, signature: tracked.signature, patch: { status: 'failed' }, lease_ms: 0 },
    GetTrackedTransaction: { user_id: victimId, signature: tracked.signature },
    ClaimUnresolvedTransactions: { lease_ms: 3_600_000, limit: 10 },
    GetManagedTipLamports: { user_id: victimId, since_ms: 0 },
    CreateWebhookEndpoint: { user_id: victimId, url: 'https://attacker.example.com/hook', events: ['transaction.landed'] },
    ListWebhookEndpoints: { user_id: victimId },
    DeleteWebhookEndpoint: { user_id: victimId, endpoint_id: victimId },
    RotateWebhookSecret: { user_id: victimId, endpoint_id: victimId },
    ListWebhookDeliveries: { user_id: victimId, endpoint_id: victimId },
    SendTestWebhook: { user_id: victimId, endpoint_id: victimId },
    RedeliverWebhook: { user_id: victimId, endpoint_id: victimId, delivery_id: victimId },
    EnqueueWebhookEvent: { user_id: victimId, type: 'transaction.landed', data_json: '{}' },
    GetBillingEnabled: {},
    CreateCheckoutSession: { user_id: victimId, success_url: 'https://attacker.example.com/ok' },
    CreatePortalSession: { user_id: victimId },
    GetSubscription: { user_id: victimId },
    GetBillingUsage: { user_id: victimId },
    HandleStripeWebhook: { payload: Buffer.from('{"id":"evt_forged","object":"event"}'), signature_header: 't=1,v1=00' },
    RecordQuotaExceeded: { user_id: victimId },
  }
  const methods = Object.keys(proto.preflight.accounts.v1.Accounts.service)
  t.same(
    methods.filter((name) => !(name in requests)),
    [],
    'every method of the service is tried',
  )

  const call = (method: string, metadata: Metadata) =>
    new Promise<GrpcServiceError | null>((resolve) => {
      ;(raw[method] as UnaryMethod).call(raw, requests[method] as object, metadata, (error) => resolve(error))
    })
  const wrongToken = new Metadata()
  wrongToken.set(INTERNAL_TOKEN_METADATA, 'x'.repeat(TEST_INTERNAL_TOKEN.length))
  const apiKeyInstead = new Metadata()
  apiKeyInstead.set('x-api-key', victimKey.key as string)
  for (const [label, metadata] of [
    ['no metadata', new Metadata()],
    ['a wrong token', wrongToken],
    ["the victim's API key", apiKeyInstead],
  ] as const) {
    const codes = new Set<number | undefined>()
    for (const method of methods) codes.add((await call(method, metadata))?.code)
    t.same([...codes], [GrpcStatus.UNAUTHENTICATED], `${label}: every method is UNAUTHENTICATED`)
  }

  // Nothing the refused calls asked for happened.
  const keys = await userService.listApiKeys(victimId)
  t.same(
    keys.map((key) => ({ id: key.id, requests_count: key.requests_count })),
    [{ id: victimKey.id, requests_count: 0 }],
    'no key minted, revoked or counted',
  )
  t.match(await userService.getUserState(victimId), { active: true, hasCard: false }, 'not deleted, no card set')
  t.same([...(await userService.getProgramBlocks(victimId))].sort(), [...victimBlocks].sort(), 'blocks untouched')
  await t.rejects(
    userService.login({ email: `attacker-${process.pid}@example.com`, password: 'correct horse battery staple' }),
    'no attacker account registered',
  )
  t.strictSame(await userService.getTrackedTransaction(victimId, tracked.signature), tracked, 'tracking not patched')
  t.same(await userService.listWebhookEndpoints(victimId), [], 'no webhook endpoint registered for the victim')
  t.same(
    await db.query('SELECT day FROM billing_quota_notices WHERE user_id = $1', [victimId]),
    [],
    'no quota notice recorded for the victim',
  )
  t.equal(await userService.getTrackedTransaction(victimId, forgedSignature), null, 'no tracking forged')
  t.strictSame(
    (await userService.claimUnresolvedTransactions(60_000, 10)).map((record) => record.signature),
    [tracked.signature],
    'nothing claimed away from the service',
  )

  // The service's own client presents the token and is served.
  const client = createGrpcUserServiceClient(server.address, { internalToken: TEST_INTERNAL_TOKEN })
  t.teardown(() => client.close())
  t.equal((await client.getUser(victimId)).id, victimId, 'a call with the token is answered')
  t.equal(await client.getUserState(randomUUID()), null)
})

t.test('the accounts gRPC server will not start without a token worth the name', async (t) => {
  const { userService } = await createTestUserService(t)
  await t.rejects(startUserServiceServer(userService, '127.0.0.1', 0, { internalToken: 'short' }), /at least 32 characters/)
  await t.rejects(
    startUserServiceServer(userService, '127.0.0.1', 0, { internalToken: undefined as unknown as string }),
    /at least 32 characters/,
  )
})
