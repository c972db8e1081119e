/**
 * An engine started as the entry points start one (engine/start-engine.ts: its gRPC port on a free
 * port behind the internal-token gate, its simulate workers), reading `stack`'s localnet, stopped
 * at `t`'s end.
 */
import type { Test } from 'tap'
import { readConfig } from '../../lib/config.js'
import { engineConfigSchema } from '../../engine/config.js'
import { startEngine, type StartedEngine, type StartEngineOptions } from '../../engine/start-engine.js'
import { TEST_INTERNAL_TOKEN } from './internal-token.js'
import { quietLogger, type Stack } from './stack.js'

/** Starts it with `env` over the base settings (ENGINE_WORKERS and the rest) and `options` beside config and logger. */
export async function startStackEngine(
  t: Test,
  stack: Stack,
  env: Record<string, string>,
  options: Omit<StartEngineOptions, 'config' | 'logger'> = {},
): Promise<StartedEngine> {
  const started = await startEngine({
    config: readConfig(engineConfigSchema, {
      SOLANA_RPC_URLS: stack.localnet.rpcUrl,
      ENGINE_GRPC_PORT: '0',
      ENGINE_INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      ...env,
    }),
    logger: quietLogger,
    ...options,
  })
  t.teardown(async () => {
    await started.closePort()
    started.stop()
  })
  return started
}
