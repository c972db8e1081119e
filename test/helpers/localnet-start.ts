/** Starts a real localnet on a free port for a test, and a raw JSON-RPC caller for it. */
import type { Test } from 'tap'
import { readConfig } from '../../lib/config.js'
import { createLogger } from '../../lib/logger.js'
import { localnetConfigSchema } from '../../localnet/config.js'
import { createLocalnet, type Localnet, type LocalnetOverrides } from '../../localnet/localnet.js'

export type RpcAnswer = {
  jsonrpc?: string
  id?: unknown
  // Tests read whatever shape a method answers; the assertions check it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  result?: any
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  error?: { code: number; message: string; data?: any }
}

export type TestLocalnet = Localnet & {
  call(method: string, params?: unknown[]): Promise<RpcAnswer>
  post(body: string): Promise<{ status: number; text: string }>
}

/** Starts a localnet (manual slots unless told otherwise) that the test tears down. */
export async function startTestLocalnet(
  t: Test,
  env: Record<string, string> = {},
  overrides: LocalnetOverrides = { autoAdvance: false },
): Promise<TestLocalnet> {
  const config = readConfig(localnetConfigSchema, {
    LOCALNET_RPC_PORT: '0',
    LOCALNET_GEYSER_PORT: '0',
    LOCALNET_RELAY_PORT: '0',
    LOG_LEVEL: 'silent',
    ...env,
  })
  const localnet = await createLocalnet(config, createLogger('localnet-test', 'silent'), overrides)
  t.teardown(() => localnet.close())
  return toTestLocalnet(localnet)
}

/** A running localnet with a raw JSON-RPC caller (`call`) and poster (`post`) added. */
export function toTestLocalnet(localnet: Localnet): TestLocalnet {
  const post = async (body: string) => {
    const res = await fetch(localnet.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    return { status: res.status, text: await res.text() }
  }
  return {
    ...localnet,
    post,
    async call(method, params) {
      const { text } = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) }))
      return JSON.parse(text) as RpcAnswer
    },
  }
}
