/**
 * A @solana/web3.js 1.x Connection to a test localnet (HTTP and PubSub WebSocket) that closes its
 * socket before the localnet goes: web3.js reconnects a socket it did not close itself forever,
 * which would keep the test process alive and print a connection error every second.
 */
import { Connection, TransactionInstruction, PublicKey, type Commitment } from '@solana/web3.js'
import { AccountRole, type Instruction } from '@solana/kit'
import type { Test } from 'tap'
import type { TestLocalnet } from './localnet-start.js'

/** Call after startTestLocalnet: tap runs teardowns last-in first-out, so the socket closes first. */
export function openWeb3Connection(t: Test, localnet: TestLocalnet, commitment: Commitment = 'confirmed'): Connection {
  const connection = new Connection(localnet.rpcUrl, { commitment, wsEndpoint: localnet.wsUrl })
  t.teardown(() => {
    // Connection has no public close: its rpc-websockets client is told not to reconnect (a socket
    // still connecting would close with 1006 and retry), then closed with 1000.
    const socket = (connection as unknown as { _rpcWebSocket: { setAutoReconnect(on: boolean): void; close(): void } })._rpcWebSocket
    socket.setAutoReconnect(false)
    socket.close()
  })
  return connection
}

/** A kit instruction (e.g. from @solana-program/token) as web3.js takes it. */
export function toWeb3Instruction(instruction: Instruction): TransactionInstruction {
  return new TransactionInstruction({
    programId: new PublicKey(instruction.programAddress),
    keys: (instruction.accounts ?? []).map((account) => ({
      pubkey: new PublicKey(account.address),
      isSigner: account.role === AccountRole.READONLY_SIGNER || account.role === AccountRole.WRITABLE_SIGNER,
      isWritable: account.role === AccountRole.WRITABLE || account.role === AccountRole.WRITABLE_SIGNER,
    })),
    data: Buffer.from(instruction.data ?? new Uint8Array()),
  })
}

/**
 * Resolves once every subscription the Connection made is active on the server. web3.js has no
 * public signal for it (onAccountChange returns before accountSubscribe is answered), and a change
 * made before then is never notified, so a test waits on its bookkeeping rather than on time.
 */
export async function waitForSubscriptions(connection: Connection, timeoutMs = 5_000): Promise<void> {
  const byHash = () =>
    Object.values((connection as unknown as { _subscriptionsByHash: Record<string, { state: string }> })._subscriptionsByHash)
  const deadline = Date.now() + timeoutMs
  while (byHash().length === 0 || byHash().some((subscription) => subscription.state !== 'subscribed')) {
    if (Date.now() > deadline)
      throw new Error(
        `subscriptions not active within ${timeoutMs} ms: ${byHash()
          .map((subscription) => subscription.state)
          .join(', ')}`,
      )
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
