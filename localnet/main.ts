/** Standalone localnet: `npm run start:localnet`. The only localnet file that reads process.env. */
import { handleInfoFlags } from '../lib/info-flags.js'
import { readConfig } from '../lib/config.js'
import { createLogger } from '../lib/logger.js'
import { createStartupGuard } from '../lib/startup-guard.js'
import { localnetConfigSchema } from './config.js'
import { createLocalnet } from './localnet.js'
import { DEMO_MINT, DEMO_TOKEN_ACCOUNTS, DEMO_WALLETS } from './seed/demo-state.js'
import { ensureLocalnetTipWallet } from './seed/tip-wallet.js'

handleInfoFlags(
  process.argv.slice(2),
  {
    command: 'node dist/localnet/main.js',
    summary: 'A local Solana chain: JSON-RPC, PubSub, a Yellowstone geyser stream and a Jito-style bundle relay on one LiteSVM.',
    settings: [
      ['LOCALNET_RPC_PORT', 'JSON-RPC (8899; PubSub on the next port)'],
      ['LOCALNET_GEYSER_PORT', 'the geyser stream (10000)'],
      ['LOCALNET_RELAY_PORT', 'the bundle relay (8902)'],
      ['LOCALNET_SLOT_MS', 'slot length (400)'],
      ['LOCALNET_TIP_WALLET_KEYPAIR', 'a tip wallet to fund for an engine elsewhere'],
    ],
  },
  import.meta.dirname,
)

// Until it serves, a failure closes what has started and says what is wrong in one line (a port
// in use, a wrong setting: the variable to change).
const startup = createStartupGuard()
const config = readConfig(localnetConfigSchema, process.env)
const logger = createLogger('localnet', config.logLevel, undefined, config.logFormat)
// A port in use is one line naming its variable (createLocalnet has closed what it opened).
const localnet = await createLocalnet(config, logger)
startup.closeOnFailure(() => localnet.close())
const chain = localnet.chain
// For an engine elsewhere (compose, several processes): the wallet its TIP_WALLET_KEYPAIR names, funded here.
const tipWallet = config.tipWalletKeypair ? await ensureLocalnetTipWallet(chain, config.tipWalletKeypair) : undefined
startup.serving()

logger.info(
  {
    rpcUrl: localnet.rpcUrl,
    wsUrl: localnet.wsUrl,
    geyserUrl: localnet.geyserUrl,
    relayUrl: localnet.relayUrl,
    relayRateLimit: config.relayRateLimit,
    slot: chain.getSlot(),
    unixTimestamp: chain.getUnixTimestamp(),
    slotMs: config.slotMs,
    finalitySlots: config.finalitySlots,
    dropRate: config.dropRate,
    ...(tipWallet ? { tipWallet, tipWalletKeypair: config.tipWalletKeypair } : {}),
    ...(config.demo ? { demo: { wallets: DEMO_WALLETS, mint: DEMO_MINT, tokenAccounts: DEMO_TOKEN_ACCOUNTS } } : {}),
  },
  'localnet listening',
)

let closing = false
async function shutdown(signal: string): Promise<void> {
  if (closing) return
  closing = true
  logger.info({ signal }, 'localnet closing')
  await localnet.close()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
