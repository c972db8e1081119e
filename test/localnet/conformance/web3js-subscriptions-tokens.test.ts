// @solana/web3.js 1.x subscriptions and token queries on localnet: onAccountChange sees a transfer
// change an account, onLogs a program's logs, onSlotChange the blocks; a mint created, an associated
// token account minted to, then getTokenAccountsByOwner, getParsedTokenAccountsByOwner,
// getTokenAccountBalance and getTokenSupply answer what was minted.
import { Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction, type Logs } from '@solana/web3.js'
import { address, createNoopSigner } from '@solana/kit'
import t from 'tap'
import { startTestLocalnet } from '../../helpers/localnet-start.js'
import { getMintSize, mintSetupInstructions, TOKEN_PROGRAM_ADDRESS } from '../../helpers/token-mint-setup.js'
import { openWeb3Connection, toWeb3Instruction, waitForSubscriptions } from '../../helpers/web3-connection.js'

const TRANSFER = 1_000_000

t.test('web3.js 1.x subscriptions and token queries on localnet', async (t) => {
  // Real slots on a timer, as clients expect: 100 ms confirms quickly, and a blockhash lives 15 s
  // (150 blocks), room for a loaded CI machine. Finalized 4 slots on.
  const localnet = await startTestLocalnet(t, { LOCALNET_SLOT_MS: '100', LOCALNET_FINALITY_SLOTS: '4' }, { autoAdvance: true })
  const connection = openWeb3Connection(t, localnet)
  const payer = Keypair.generate()
  const latest = await connection.getLatestBlockhash()
  await connection.confirmTransaction({ signature: await connection.requestAirdrop(payer.publicKey, 2 * LAMPORTS_PER_SOL), ...latest })

  await t.test('onAccountChange and onLogs see a transfer; onSlotChange the next block', async (t) => {
    const recipient = Keypair.generate().publicKey
    // Read before subscribing: every slot notified opened after it.
    const slotBefore = await connection.getSlot('processed')
    const accountChanged = new Promise<{ lamports: number; owner: PublicKey; slot: number }>((resolve) => {
      const id = connection.onAccountChange(
        recipient,
        (account, context) => {
          resolve({ lamports: account.lamports, owner: account.owner, slot: context.slot })
          void connection.removeAccountChangeListener(id)
        },
        { commitment: 'confirmed' },
      )
    })
    const logged = new Promise<Logs>((resolve) => {
      const id = connection.onLogs(
        SystemProgram.programId,
        (logs) => {
          resolve(logs)
          void connection.removeOnLogsListener(id)
        },
        'confirmed',
      )
    })
    const slotSeen = new Promise<number>((resolve) => {
      const id = connection.onSlotChange((slot) => {
        resolve(slot.slot)
        void connection.removeSlotChangeListener(id)
      })
    })
    await waitForSubscriptions(connection)

    const transfer = SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: TRANSFER })
    const signature = await sendAndConfirmTransaction(connection, new Transaction().add(transfer), [payer])
    const landedSlot = (await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))!.slot

    const change = await accountChanged
    t.equal(change.lamports, TRANSFER, 'the new balance')
    t.ok(change.owner.equals(SystemProgram.programId))
    t.equal(change.slot, landedSlot, 'in the slot the transfer landed in')
    const logs = await logged
    t.equal(logs.signature, signature)
    t.equal(logs.err, null)
    t.same(logs.logs, [`Program ${SystemProgram.programId.toBase58()} invoke [1]`, `Program ${SystemProgram.programId.toBase58()} success`])
    t.ok((await slotSeen) > slotBefore, 'a slot after the subscription')
  })

  await t.test('token accounts after minting: by owner (raw and parsed), balance, supply', async (t) => {
    const owner = Keypair.generate().publicKey
    const mint = Keypair.generate()
    const payerSigner = createNoopSigner(address(payer.publicKey.toBase58()))
    const { instructions, associatedTokenAccount } = await mintSetupInstructions({
      payer: payerSigner,
      mint: createNoopSigner(address(mint.publicKey.toBase58())),
      owner: address(owner.toBase58()),
      decimals: 6,
      amount: 1_500_000n,
      mintRentLamports: BigInt(await connection.getMinimumBalanceForRentExemption(getMintSize())),
    })
    await sendAndConfirmTransaction(connection, new Transaction().add(...instructions.map(toWeb3Instruction)), [payer, mint])
    const tokenProgram = new PublicKey(TOKEN_PROGRAM_ADDRESS)
    const ata = new PublicKey(associatedTokenAccount)

    const raw = await connection.getTokenAccountsByOwner(owner, { mint: mint.publicKey })
    t.same(
      raw.value.map((entry) => entry.pubkey.toBase58()),
      [ata.toBase58()],
    )
    t.ok(raw.value[0]?.account.owner.equals(tokenProgram))
    t.equal(raw.value[0]?.account.data.length, 165)

    const parsed = await connection.getParsedTokenAccountsByOwner(owner, { programId: tokenProgram })
    t.equal(parsed.value.length, 1)
    t.match(parsed.value[0]?.account.data, {
      program: 'spl-token',
      parsed: {
        type: 'account',
        info: {
          mint: mint.publicKey.toBase58(),
          owner: owner.toBase58(),
          state: 'initialized',
          tokenAmount: { amount: '1500000', decimals: 6, uiAmount: 1.5, uiAmountString: '1.5' },
        },
      },
    })

    const balance = await connection.getTokenAccountBalance(ata)
    t.same(balance.value, { amount: '1500000', decimals: 6, uiAmount: 1.5, uiAmountString: '1.5' })
    const supply = await connection.getTokenSupply(mint.publicKey)
    t.same(supply.value, { amount: '1500000', decimals: 6, uiAmount: 1.5, uiAmountString: '1.5' })
  })
})
