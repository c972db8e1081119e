/**
 * Transactions beside ownership-checked reads, all at once, on every kind of database: users
 * register, rotate keys and replace their program blocks (each a transaction) while others list
 * their keys, read their blocks and authenticate their keys. Every answer must be the caller's own
 * and complete — on the embedded PGlite, which is one session, an interleaved transaction used to
 * hand one connection's rows to another, leave lists empty and hang — and closing afterwards
 * must finish.
 */
import t from 'tap'
import { verifyAccessToken } from '../../lib/access-token.js'
import { getApiKeyHash } from '../../lib/api-key.js'
import { createTestUserService } from '../helpers/user-service.js'
import { getDatabaseKinds } from '../helpers/database.js'
import { createProgramIds } from './program-block-fixtures.js'

const USERS = 6
const ROUNDS = 12
const PASSWORD = 'correct horse battery staple'

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: concurrent transactions never leak or lose another caller's rows`, async (t) => {
    const { userService, db, signingKey, clock } = await createTestUserService(t, { kind })

    const users = await Promise.all(
      Array.from({ length: USERS }, async (_, index) => {
        const auth = await userService.register({ email: `owner-${index}-${process.pid}@example.com`, password: PASSWORD })
        const claims = await verifyAccessToken(signingKey, auth.token, clock.now())
        if (!claims) throw new Error('the token of a fresh registration did not verify')
        const userId = claims.userId
        const keys = [await userService.createApiKey(userId, { name: 'a' }), await userService.createApiKey(userId, { name: 'b' })]
        const blocks = createProgramIds(3)
        await userService.setProgramBlocks(userId, blocks)
        return { userId, keyIds: keys.map((key) => key.id).sort(), secrets: keys.map((key) => key.key as string), blockLists: [blocks] }
      }),
    )
    const ownerOfBlock = new Map<string, string>()
    const recordBlocks = (userId: string, list: string[]) => list.forEach((id) => ownerOfBlock.set(id, userId))
    users.forEach((user) => recordBlocks(user.userId, user.blockLists[0] as string[]))

    const failures: string[] = []
    const check = (ok: boolean, what: string) => {
      if (!ok) failures.push(what)
    }
    let reads = 0
    let writes = 0

    const writer = async (round: number, user: (typeof users)[number]) => {
      const next = createProgramIds(2 + (round % 3))
      recordBlocks(user.userId, next)
      const written = await userService.setProgramBlocks(user.userId, next)
      check([...written].sort().join() === [...next].sort().join(), `setProgramBlocks answered another list for ${user.userId}`)
      user.blockLists.push(next)
      const rotated = await userService.rotateApiKey(user.userId, user.keyIds[round % 2] as string)
      check(user.keyIds.includes(rotated.id), `rotate answered a key that is not ${user.userId}'s`)
      user.secrets.push(rotated.key as string)
      await userService.register({ email: `newcomer-${kind}-${round}-${user.userId}@example.com`, password: PASSWORD })
      writes += 3
    }

    const reader = async (user: (typeof users)[number]) => {
      const keys = await userService.listApiKeys(user.userId)
      check(
        keys
          .map((key) => key.id)
          .sort()
          .join() === user.keyIds.join(),
        `listApiKeys(${user.userId}) answered ${keys.length} keys, not its own 2`,
      )
      const blocks = await userService.getProgramBlocks(user.userId)
      check(blocks.length > 0, `getProgramBlocks(${user.userId}) answered an empty list`)
      check(
        blocks.every((id) => ownerOfBlock.get(id) === user.userId),
        `getProgramBlocks(${user.userId}) answered programs of another user`,
      )
      const secret = user.secrets[user.secrets.length - 1] as string
      const principal = await userService.authenticateApiKey(getApiKeyHash(secret))
      check(principal?.userId === user.userId, `a key of ${user.userId} authenticated as ${principal?.userId ?? 'nobody'}`)
      const profile = await userService.getUser(user.userId)
      check(profile.id === user.userId, `getUser(${user.userId}) answered ${profile.id}`)
      reads += 4
    }

    const work: Promise<void>[] = []
    for (let round = 0; round < ROUNDS; round++) {
      for (const user of users) {
        work.push(writer(round, user))
        work.push(reader(user), reader(user))
      }
    }
    const outcomes = await Promise.allSettled(work)
    const errors = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')
    t.same(
      errors.map((error) => String(error.reason)),
      [],
      'no call failed',
    )
    t.same(failures, [], 'every answer was the caller’s own and complete')
    t.equal(writes, USERS * ROUNDS * 3, 'every transaction committed')
    t.equal(reads, USERS * ROUNDS * 2 * 4, 'every read answered')

    // What the transactions committed is all there, and nothing of anyone else's.
    for (const user of users) {
      const blocks = await userService.getProgramBlocks(user.userId)
      t.same([...blocks].sort(), [...(user.blockLists[user.blockLists.length - 1] as string[])].sort(), `${user.userId}'s last list stands`)
    }
    const [{ count }] = (await db.query<{ count: string }>("SELECT count(*) AS count FROM users WHERE email LIKE 'newcomer-%'")) as [
      { count: string },
    ]
    t.equal(Number(count), USERS * ROUNDS, 'every registration in the storm committed exactly once')

    // Nothing is left holding a connection: closing finishes (tap's timeout would catch a hang).
    await db.close()
    t.pass('the pool closed')
  })
}
