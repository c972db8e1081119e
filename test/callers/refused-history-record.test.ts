/**
 * A history record the database can never take (a NUL in a text, a user that does not exist) does
 * not hold the records behind it: the history queue splits the refused batch,
 * writes every other record in order, and the journal keeps the refused one in `refused.jsonl`,
 * settled, so no start delivers it again. Real user service (in process, and over its gRPC port),
 * real database (both kinds), real journal directory.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import type { Principal } from '../../callers/authenticator.js'
import { createCallerServices } from '../../callers/caller-services.js'
import { openHistoryJournal, REFUSED_FILE_NAME } from '../../callers/history-journal.js'
import { createInProcessAdmission } from '../../lib/limits/in-process-admission.js'
import { startUserServiceServer } from '../../accounts/server.js'
import { createGrpcUserServiceClient } from '../../accounts/user-service-client.js'
import { TEST_INTERNAL_TOKEN } from '../helpers/internal-token.js'
import { createUser, NOW_MS } from '../accounts/history-fixtures.js'
import { getDatabaseKinds, getDefaultDatabaseKind, type DatabaseKind } from '../helpers/database.js'
import { quietLogger } from '../helpers/stack.js'
import { createTestClock, createTestUserService } from '../helpers/user-service.js'
import { createSignedBytes, createSubmitAnswer } from './submit-history-fixtures.js'

interface RefusedLine {
  refusedAt: string
  reason: string
  record: { userId: string; bundleId?: string; signature: string | null }
}

// Every database in process; over gRPC on one (the refusal crosses as INVALID_ARGUMENT with its code).
const CASES: { kind: DatabaseKind; transport: 'in-process' | 'grpc' }[] = [
  ...getDatabaseKinds().map((kind) => ({ kind, transport: 'in-process' as const })),
  { kind: getDefaultDatabaseKind(), transport: 'grpc' },
]

for (const { kind, transport } of CASES) {
  t.test(`${kind}, ${transport}: records the database refuses are set aside; the others are written, in order, once`, async (t) => {
    const users = await createTestUserService(t, { kind, clock: createTestClock(NOW_MS) })
    let userService = users.userService
    if (transport === 'grpc') {
      const server = await startUserServiceServer(users.userService, '127.0.0.1', 0, { internalToken: TEST_INTERNAL_TOKEN })
      const client = createGrpcUserServiceClient(server.address, { internalToken: TEST_INTERNAL_TOKEN })
      t.teardown(async () => {
        await client.close()
        await server.close()
      })
      userService = client
    }
    const dir = mkdtempSync(join(tmpdir(), 'refused-history-'))
    t.teardown(() => rmSync(dir, { recursive: true, force: true }))
    const journalDir = join(dir, 'history')
    const callers = createCallerServices({
      userService,
      admission: createInProcessAdmission(),
      logger: quietLogger,
      usageFlushIntervalMs: 60_000,
      now: users.clock.now,
      journal: openHistoryJournal({ dir: journalDir }),
    })
    let closed = false
    t.teardown(() => (closed ? undefined : callers.close()))
    const userId = await createUser(users.db)
    const principal: Principal = { userId, role: 'user', apiKeyId: null, hasCard: true }
    // Signed by someone the database does not know: the user_id foreign key refuses the row.
    const stranger: Principal = { userId: randomUUID(), role: 'user', apiKeyId: null, hasCard: true }

    // The NUL rides in a submit's bundle id, the one text of a record from outside (the relay client
    // refuses such an id before it gets here; this is the database's own refusal, for any text).
    const bundleIds = ['bundle-0', 'bundle-1', 'bundle-\u0000-2', 'bundle-3', 'bundle-4', 'bundle-5', 'bundle-6']
    const signatures: string[] = []
    for (const [index, bundleId] of bundleIds.entries()) {
      const signed = createSignedBytes()
      signatures.push(signed.signature)
      callers.recordTransactionCall(
        index === 5 ? stranger : principal,
        'submit',
        signed.bytes,
        createSubmitAnswer(signed.signature, bundleId),
      )
      users.clock.nowMs += 1_000
    }
    await callers.history.flush()

    const { simulations } = await users.userService.listSimulations({ userId, limit: 10 })
    t.strictSame(
      simulations.map((item) => item.signature).reverse(),
      [0, 1, 3, 4, 6].map((index) => signatures[index]),
      'every record the database can take is written, each once, in order',
    )
    t.equal(callers.history.refused, 2)
    t.equal(callers.history.pending, 0, 'nothing waits behind them')

    const refused = readFileSync(join(journalDir, REFUSED_FILE_NAME), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as RefusedLine)
    t.match(
      refused,
      [
        { reason: /SQLSTATE 22021/, record: { userId, bundleId: 'bundle-\u0000-2', signature: signatures[2] } },
        { reason: /SQLSTATE 23503/, record: { userId: stranger.userId, bundleId: 'bundle-5', signature: signatures[5] } },
      ],
      'each refused record kept with the reason and its signature',
    )
    t.ok(
      refused.every((line) => !Number.isNaN(Date.parse(line.refusedAt))),
      'with when',
    )
    t.equal(statSync(join(journalDir, REFUSED_FILE_NAME)).mode & 0o777, 0o600, 'owner-only, as the segments')

    await callers.close()
    closed = true
    const reopened = openHistoryJournal({ dir: journalDir })
    t.teardown(() => reopened.close())
    t.equal(reopened.recovered.length, 0, 'settled: the next start delivers neither again')
    t.strictSame(
      readdirSync(journalDir).filter((name) => name.startsWith('segment-')),
      [],
      'and no segment is left for them',
    )
  })
}
