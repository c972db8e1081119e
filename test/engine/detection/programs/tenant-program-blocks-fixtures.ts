/** What the tenant-program-blocks tests share: a load over real accounts that counts its calls. */
import { getAddressEncoder } from '@solana/kit'
import type { UserService } from '../../../../accounts/contract/index.js'
import { type AccountKey, toAccountKey } from '../../../../engine/hot-path/state/account-key.js'
import type { TestUserService } from '../../../helpers/user-service.js'

export interface CountedLoad {
  load: (tenantId: string) => Promise<readonly string[]>
  /** Loads started so far. */
  readonly count: number
  /** Settles (never rejects) once the latest load and the cache's handling of it are done. */
  settled(): Promise<void>
}

/** `accounts.getProgramBlocks`, counted. */
export function createCountedLoad(userService: Pick<UserService, 'getProgramBlocks'>): CountedLoad {
  let count = 0
  let last: Promise<unknown> = Promise.resolve()
  return {
    load(tenantId) {
      count++
      const loading = userService.getProgramBlocks(tenantId)
      last = loading.catch(() => undefined)
      return loading
    },
    get count() {
      return count
    },
    async settled() {
      await last
      // The cache's own handler of the load runs in the same turn; one macrotask later it has.
      await new Promise((resolve) => setImmediate(resolve))
    },
  }
}

/** The AccountKey of a base58 address, built the way the engine's decoder builds them (from bytes). */
export function toKey(address: string): AccountKey {
  return toAccountKey(new Uint8Array(getAddressEncoder().encode(address as Parameters<ReturnType<typeof getAddressEncoder>['encode']>[0])))
}

let tenantCounter = 0

/**
 * Inserts `count` live users straight into the accounts database (no argon2 hash to pay for: these
 * tenants never log in); returns their ids.
 */
export async function createTenants(users: TestUserService, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const [row] = await users.db.query<{ id: string }>(
      'INSERT INTO users (email, password_hash, created_at) VALUES ($1, $2, $3) RETURNING id',
      [`tenant-${++tenantCounter}@example.com`, 'not a hash: never logs in', new Date(users.clock.now())],
    )
    if (!row) throw new Error('no user inserted')
    ids.push(row.id)
  }
  return ids
}
