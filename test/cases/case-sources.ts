/** The public write-ups and documentation the cases follow (test/cases/README.md lists them per case). */
export const SOURCES = {
  /** Coinspect: Blowfish's Solana simulation missed account ownership handed to the attacker (Phantom affected). */
  coinspectSimulation: 'https://www.coinspect.com/blog/transaction-simulation-challenges/',
  /** GoPlus Security (Aug 2024): airdrop scams, malicious signatures, authority transfers, address poisoning. */
  goplusExposing: 'https://goplussecurity.medium.com/exposing-solana-scammers-scams-and-phishing-b5a4e0ca2676',
  /** GoPlus Security (Jan 2024): SOL transfer of the whole balance, multi-token transfers, Solana drainer kits. */
  goplusGuide: 'https://goplussecurity.medium.com/goplus-a-very-necessary-guide-to-protection-against-phishing-on-solana-6d64bfc76ea3',
  /** SlowMist's EVM-to-Solana phishing guide: token account ownership transfer, multi-token transfers, durable nonces. */
  slowmistEvmToSolana: 'https://www.gate.io/learn/articles/how-to-avoid-phishing-scams-from-evm-to-solana/3610',
  /** Anatomy of a Solana wallet drainer: System assign owner reassignment, durable-nonce tricks. */
  drainerAnatomy: 'https://dev.to/ohmygod/anatomy-of-a-solana-wallet-drainer-owner-reassignment-durable-nonces-and-blinks-phishing-50a8',
  /** Malicious SPL delegate approvals that precede a sweep. */
  delegateApproval: 'https://tracefunds.app/guides/phishing-drainer-malicious-approval',
  /** SwissBorg / Kiln, Sept 2025: stake Authorize instructions hidden in an unstake transaction, 193,000 SOL lost. */
  swissborgKiln: 'https://incrypthos.com/security/swissborg-solana-earn-program-suffers-41m-third-party-api-exploit',
  /** Solscan: address poisoning on Solana, lookalikes matching the first and last characters. */
  addressPoisoning: 'https://info.solscan.io/address-poisoning-on-solana/',
  /** Dusting transactions carrying links in their memos. */
  memoLinks: 'https://piracydata.org/blog/flip-dot-gg-solana.html',
  /** Wallets drained of their NFTs by fake mint sites. */
  nftDrain: 'https://tradecrypto.co.za/how-to-stay-safe-solana-nft/',
  /** The upgradeable loader: whoever holds the upgrade authority can replace the program. */
  upgradeAuthority: 'https://docs.rs/solana-sdk/latest/solana_sdk/bpf_loader_upgradeable/index.html',
  /** Solana fees: prioritization fee = compute-unit limit × compute-unit price, paid by the fee payer. */
  fees: 'https://solana.com/docs/core/fees',
  /** Durable nonces: the nonce authority advances (and can hand over) the account. */
  durableNonce: 'https://docs.rs/solana-program/latest/solana_program/system_instruction/fn.advance_nonce_account.html',
  setAuthority: 'https://solana.com/docs/tokens/basics/set-authority',
  transferTokens: 'https://solana.com/docs/tokens/basics/transfer-tokens',
  createTokenAccount: 'https://solana.com/docs/tokens/basics/create-token-account',
  approveDelegate: 'https://solana.com/docs/tokens/basics/approve-delegate',
  revokeDelegate: 'https://solana.com/docs/tokens/basics/revoke-delegate',
  burnTokens: 'https://solana.com/docs/tokens/basics/burn-tokens',
  mintTokens: 'https://solana.com/docs/tokens/basics/mint-tokens',
  closeAccount: 'https://solana.com/docs/tokens/basics/close-account',
  syncNative: 'https://solana.com/docs/tokens/basics/sync-native',
  wrappedSol: 'https://solana.com/developers/cookbook/tokens/manage-wrapped-sol',
  stakeAccounts: 'https://solana.com/docs/economics/staking/stake-accounts',
  solanaPay: 'https://docs.solanapay.com/spec',
  paymentWithMemo: 'https://solana.com/docs/payments/send-payments/payment-with-memo',
  feeSponsorship: 'https://solana.com/docs/payments/send-payments/payment-processing/fee-abstraction',
  orcaSwap: 'https://docs.rs/crate/carbon-orca-whirlpool-decoder/1.0.0/source/src/instructions/swap.rs',
  /** Token checks: an active mint authority is a risk signal to weigh (issuer control), not proof of a rug. */
  activeMintAuthority: 'https://verixiaapps.com/token-risk/token-check-tool/',
  raydiumAuthority: 'https://pkg.go.dev/github.com/patrulek/rayscan/onchain/raydium',
  sendSol: 'https://solana.com/developers/cookbook/transactions/send-sol',
  /** Token-2022 honeypots: the creator keeps a permanent delegate (or a hook, a fee, a frozen default) over what buyers pay SOL for. */
  token2022Honeypots:
    'https://dev.to/ohmygod/solanas-permanent-delegate-burn-scam-how-token-2022-extensions-power-2026s-largest-automated-rug-4579',
  /** The permanent delegate extension: its holder can transfer or burn any holder's tokens (the issuer's own tool). */
  permanentDelegate: 'https://solana.com/developers/guides/token-extensions/permanent-delegate',
} as const
