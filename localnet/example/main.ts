/**
 * `npm run -s localnet:transaction [-- --signed]`: prints one example transaction (base64) built on
 * a running localnet (`npm start` or `npm run start:localnet`), for a simulate call to send;
 * `--signed` signs it, for execute and send. The only file here that reads process.env.
 */
import { readConfig, type ConfigSchema } from '../../lib/config.js'
import { DEFAULT_LOCALNET_RPC_URL } from '../traffic/config.js'
import { createExampleTransfer } from './transfer-transaction.js'

const exampleConfigSchema = {
  rpcUrl: { kind: 'optional-url', env: 'LOCALNET_RPC_URL' },
} as const satisfies ConfigSchema

const config = readConfig(exampleConfigSchema, process.env)
const rpcUrl = config.rpcUrl ?? DEFAULT_LOCALNET_RPC_URL
try {
  const signed = process.argv.includes('--signed')
  process.stdout.write(`${await createExampleTransfer(rpcUrl, AbortSignal.timeout(10_000), signed)}\n`)
} catch (error) {
  process.stderr.write(`no example transaction from ${rpcUrl} (is localnet running? npm start runs it): ${String(error)}\n`)
  process.exitCode = 1
}
