/** A traffic wallet: its signer and its token account of the demo mint (traffic-wallets.ts makes and funds them). */
import type { Address, KeyPairSigner } from '@solana/kit'

export type TrafficWallet = { readonly signer: KeyPairSigner; readonly tokenAccount: Address }
