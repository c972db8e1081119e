/**
 * The real service (one process) on the embedded database and on DATABASE_URL: users register,
 * rotate keys and replace their program blocks — every one a transaction — while others read
 * their keys, blocks and profile, all at once over real sockets. Every answer is 200 and the
 * caller's own; afterwards SIGTERM drains and the process exits within a few seconds. On the
 * embedded database this used to hand rows across connections, hang requests and leak the pool
 * until SIGTERM never finished.
 */
import { randomBytes } from 'node:crypto'
import t from 'tap'
import { createIsolatedDatabaseUrl } from '../helpers/accounts-process.js'
import { createProgramIds } from '../accounts/program-block-fixtures.js'
import { getDatabaseKinds } from '../helpers/database.js'
import { createServiceProcessSetup, postJson, startServiceProcess, waitForExit } from '../helpers/service-process.js'

const USERS = 5
const ROUNDS = 8
/** "Within a few seconds": the drain has nothing slow left to wait for. */
const EXIT_LIMIT_MS = 5_000
const PASSWORD = 'correct horse battery staple'

// Two services, one per database, each booted and driven through every round: 30 s each on a
// machine running the rest of the suite beside it, past tap's default 60 s for the file.
t.setTimeout(150_000)

interface Owner {
  id: string
  token: string
  apiKey: string
  keyIds: string[]
  blocks: Set<string>
}

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: concurrent transactions over REST answer every caller with their own rows, then SIGTERM finishes`, async (t) => {
    const overrides: NodeJS.ProcessEnv = { RATE_LIMITS: 'off', AUTH_LIMITS: 'off' }
    if (kind === 'postgres') overrides.DATABASE_URL = await createIsolatedDatabaseUrl(t, process.env.DATABASE_URL as string)
    const setup = await createServiceProcessSetup(t, overrides)
    const service = await startServiceProcess(t, setup)
    if (!service) return
    const rest = setup.restUrl
    const bearer = (owner: Owner) => ({ authorization: `Bearer ${owner.token}` })

    const owners: Owner[] = []
    for (let index = 0; index < USERS; index++) {
      const registered = await postJson(`${rest}/auth/register`, {
        email: `owner-${index}-${randomBytes(3).toString('hex')}@example.com`,
        password: PASSWORD,
      })
      const { token } = (await registered.json()) as { token: string }
      const me = (await (await fetch(`${rest}/auth/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string }
      const owner: Owner = { id: me.id, token, apiKey: '', keyIds: [], blocks: new Set() }
      for (const name of ['a', 'b']) {
        const key = (await (await postJson(`${rest}/api/v1/api-keys`, { name }, bearer(owner))).json()) as { id: string; key: string }
        owner.keyIds.push(key.id)
        owner.apiKey = key.key
      }
      owner.keyIds.sort()
      const blocks = createProgramIds(3)
      blocks.forEach((id) => owner.blocks.add(id))
      const put = await fetch(`${rest}/api/v1/solana/program-blocks`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-api-key': owner.apiKey },
        body: JSON.stringify({ program_ids: blocks }),
      })
      t.equal(put.status, 200, 'initial blocks written')
      owners.push(owner)
    }

    const wrong: string[] = []
    const statuses = new Map<number, number>()
    const expect200 = async (label: string, response: Promise<Response>): Promise<unknown> => {
      const answer = await response
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
      const body = await answer.json()
      if (answer.status !== 200) wrong.push(`${label}: ${answer.status} ${JSON.stringify(body)}`)
      return body
    }

    const writer = async (round: number, owner: Owner) => {
      const next = createProgramIds(2 + (round % 3))
      next.forEach((id) => owner.blocks.add(id))
      const put = (await expect200(
        'put blocks',
        fetch(`${rest}/api/v1/solana/program-blocks`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'x-api-key': owner.apiKey },
          body: JSON.stringify({ program_ids: next }),
        }),
      )) as { program_ids?: string[] }
      if ([...(put.program_ids ?? [])].sort().join() !== [...next].sort().join())
        wrong.push(`put blocks of ${owner.id} answered another list`)
      const rotated = (await expect200(
        'rotate',
        postJson(`${rest}/api/v1/api-keys/${owner.keyIds[round % 2]}/rotate`, {}, bearer(owner)),
      )) as { id?: string }
      if (!owner.keyIds.includes(rotated.id ?? '')) wrong.push(`rotate for ${owner.id} answered key ${rotated.id}`)
      await expect200(
        'register',
        postJson(`${rest}/auth/register`, { email: `newcomer-${round}-${randomBytes(4).toString('hex')}@example.com`, password: PASSWORD }),
      )
    }
    const reader = async (owner: Owner) => {
      const keys = (await expect200('list keys', fetch(`${rest}/api/v1/api-keys`, { headers: bearer(owner) }))) as {
        keys?: { id: string }[]
      }
      const ids = (keys.keys ?? []).map((key) => key.id).sort()
      if (ids.join() !== owner.keyIds.join()) wrong.push(`list keys of ${owner.id} answered ${ids.length} keys that are not its own 2`)
      const blocks = (await expect200(
        'get blocks',
        fetch(`${rest}/api/v1/solana/program-blocks`, { headers: { 'x-api-key': owner.apiKey } }),
      )) as { program_ids?: string[] }
      const list = blocks.program_ids ?? []
      if (list.length === 0) wrong.push(`blocks of ${owner.id} answered empty`)
      if (!list.every((id) => owner.blocks.has(id))) wrong.push(`blocks of ${owner.id} include another user's programs`)
      const me = (await expect200('me', fetch(`${rest}/auth/me`, { headers: bearer(owner) }))) as { id?: string }
      if (me.id !== owner.id) wrong.push(`/auth/me of ${owner.id} answered ${me.id}`)
    }

    const work: Promise<void>[] = []
    for (let round = 0; round < ROUNDS; round++) {
      for (const owner of owners) work.push(writer(round, owner), reader(owner), reader(owner))
    }
    const outcomes = await Promise.allSettled(work)
    t.same(
      outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => String((outcome as PromiseRejectedResult).reason)),
      [],
      'no request failed or hung up',
    )
    t.same(wrong, [], 'every answer is 200 and the caller’s own')
    t.same([...statuses.keys()], [200], `only 200s (${[...statuses.values()].reduce((a, b) => a + b, 0)} requests)`)

    process.kill(service.child.pid as number, 'SIGTERM')
    const exit = await waitForExit(service.child, EXIT_LIMIT_MS)
    t.same(exit, { code: 0, signal: null }, `SIGTERM drains and exits 0 within ${EXIT_LIMIT_MS} ms`, {
      output: service.output().slice(-4000),
    })
    t.notMatch(service.output(), /"level":50/, 'no error logged', { output: service.output().slice(-4000) })
  })
}
