// The recorded mainnet transactions, decoded as the engine decodes them, against what the chain
// recorded: token balance deltas and the token transfers the swap programs made.
import { getBase58Encoder } from '@solana/kit'
import t from 'tap'
import { decodeSwapInstruction } from '../../../../engine/detection/swaps/index.js'
import { readU64 } from '../../../../engine/hot-path/decode/little-endian.js'
import { type SwapFixture, readSwapFixture, toAddress } from './swap-fixtures.js'

const base58 = getBase58Encoder()
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const TRANSFER_CHECKED = 12

/** The token transfers (source, destination, amount) a top-level instruction made through CPIs. */
function getInnerTransfers(fixture: SwapFixture, index: number): Array<{ source: string; destination: string; amount: bigint }> {
  const transfers = []
  for (const inner of fixture.innerInstructions.get(index) ?? []) {
    const program = fixture.accountKeys[inner.programIdIndex]
    if (program !== TOKEN_PROGRAM && program !== TOKEN_2022_PROGRAM) continue
    const data = new Uint8Array(base58.encode(inner.data))
    // TransferChecked: source, mint, destination, authority.
    if (data[0] !== TRANSFER_CHECKED) continue
    transfers.push({
      source: fixture.accountKeys[inner.accounts[0]!]!,
      destination: fixture.accountKeys[inner.accounts[2]!]!,
      amount: readU64(data, 1),
    })
  }
  return transfers
}

function decodeAll(fixture: SwapFixture) {
  return fixture.instructions.map((ix) => decodeSwapInstruction(ix.programId, ix.data, ix.accounts, ix.index))
}

t.test('JSON1: a Raydium CLMM swapV2, exact in, the output above the decoded minimum', async (t) => {
  const fixture = readSwapFixture('JSON1')
  const decoded = decodeAll(fixture)
  t.same(
    decoded.map((swap) => swap?.instruction ?? null),
    [null, null, null, null, 'swapV2', null],
    'only instruction 4 is a swap (ComputeBudget, System, Token are not)',
  )
  const swap = decoded[4]!
  t.equal(swap.venue, 'raydium_clmm')
  t.equal(swap.venueName, 'Raydium CLMM')
  t.equal(swap.instructionIndex, 4)
  t.equal(swap.mode, 'exact_in')
  t.same(swap.hops, [{ venue: 'Raydium CLMM', percent: 100 }])

  const userSource = toAddress(swap.userSource)!
  const userDestination = toAddress(swap.userDestination)!
  const vaultIn = toAddress(swap.vaultIn)!
  const vaultOut = toAddress(swap.vaultOut)!
  // The input account is a temporary wrapped-SOL account (created and closed in the transaction,
  // so it has no recorded balance): the program's own transfer out of it says what it paid.
  const transfers = getInnerTransfers(fixture, 4)
  t.same(transfers, [
    { source: userSource, destination: vaultIn, amount: 300_000_000n },
    { source: vaultOut, destination: userDestination, amount: 807_769_528_641n },
  ])
  t.equal(swap.amountIn, 300_000_000n, 'the exact input is what left the user source')
  t.equal(fixture.tokenDeltas.get(vaultIn)?.delta, swap.amountIn, 'and what the input vault gained')

  const received = fixture.tokenDeltas.get(userDestination)
  t.ok(received, 'the destination is a user account whose balance moved')
  t.equal(received!.mint, toAddress(swap.outputMint))
  t.equal(received!.delta, 807_769_528_641n)
  t.ok(swap.amountOut! <= received!.delta, `received ${received!.delta} ≥ decoded minimum ${swap.amountOut}`)
  t.equal(swap.amountOut, 800_313_332_326n)
  t.equal(fixture.tokenDeltas.get(vaultOut)?.delta, -received!.delta, 'the output vault paid it')
  t.equal(toAddress(swap.inputMint), 'So11111111111111111111111111111111111111112')
  t.equal(fixture.tokenDeltas.get(vaultIn)?.mint, toAddress(swap.inputMint))
  t.equal(toAddress(swap.pool), fixture.accountKeys[2], 'the pool state account')
})

t.test('JSON2: a PumpSwap buy, exact base out, paid no more than the decoded maximum', async (t) => {
  const fixture = readSwapFixture('JSON2')
  const decoded = decodeAll(fixture)
  t.same(
    decoded.map((swap) => swap?.instruction ?? null),
    [null, 'buy', null],
  )
  const swap = decoded[1]!
  t.equal(swap.venue, 'pumpswap')
  t.equal(swap.venueName, 'PumpSwap')
  t.equal(swap.mode, 'exact_out')
  // This pool's base is wrapped SOL: buying base pays quote (the pump token) in.
  t.equal(toAddress(swap.outputMint), 'So11111111111111111111111111111111111111112')
  t.equal(toAddress(swap.inputMint), 'EWV6bjhKF5zkXANCdWPvDs7dofRVk4pKyVTitqgEWj8E')

  const vaultOut = toAddress(swap.vaultOut)!
  const userDestination = toAddress(swap.userDestination)!
  const transfers = getInnerTransfers(fixture, 1)
  const baseOut = transfers.find((transfer) => transfer.source === vaultOut)
  t.same(baseOut, { source: vaultOut, destination: userDestination, amount: 201_692_493n }, 'base left the pool for the user')
  t.equal(swap.amountOut, baseOut!.amount, 'the received amount equals the decoded exact output')
  t.equal(fixture.tokenDeltas.get(vaultOut)?.delta, -swap.amountOut!)

  const userSource = toAddress(swap.userSource)!
  const paid = -fixture.tokenDeltas.get(userSource)!.delta
  t.equal(paid, 468_934_276_696_458n, 'the user source is the account whose balance fell')
  t.equal(fixture.tokenDeltas.get(userSource)!.mint, toAddress(swap.inputMint))
  t.ok(paid <= swap.amountIn!, `paid ${paid} ≤ decoded maximum ${swap.amountIn}`)
  t.equal(swap.amountIn, 987_778_000_000_000n)
  const paidOut = transfers.filter((transfer) => transfer.source === userSource).reduce((sum, x) => sum + x.amount, 0n)
  t.equal(paidOut, paid, "the user's transfers (pool, protocol fee, creator fee) add up to what it paid")
  t.equal(
    fixture.tokenDeltas.get(toAddress(swap.vaultIn)!)?.delta,
    transfers.find((transfer) => transfer.destination === toAddress(swap.vaultIn))?.amount,
    'the input vault gained the pool share',
  )
  t.equal(toAddress(swap.pool), 'CW644FAJoQE9B9MGqmdfDseS4XfsmgS77ve7zJDJxiPS')
})

t.test('JSON3: the OKX router is not a venue; its PumpSwap CPI decodes with the accounts resolved', async (t) => {
  const fixture = readSwapFixture('JSON3')
  t.ok(
    fixture.instructions.some((ix) => ix.accounts.includes(undefined)),
    'some accounts come from lookup tables the fixtures do not hold',
  )
  t.same(
    decodeAll(fixture).map((swap) => swap),
    fixture.instructions.map(() => null),
    'no top-level instruction is a swap of a listed venue (OKX at 7)',
  )
  t.equal(toAddress(fixture.instructions[7]!.programId), '6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma')

  // The same decoder on the inner PumpSwap instruction, accounts resolved as the chain resolved
  // them (meta.loadedAddresses): what the lead's CPI walk will hand it.
  const inner = fixture.innerInstructions
    .get(7)!
    .find((ix) => fixture.accountKeys[ix.programIdIndex] === 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA')!
  const keys = (index: number) => new Uint8Array(base58.encode(fixture.accountKeys[index]!))
  const swap = decodeSwapInstruction(keys(inner.programIdIndex), new Uint8Array(base58.encode(inner.data)), inner.accounts.map(keys), 7)
  t.ok(swap, 'the CPI is a PumpSwap trade')
  t.equal(swap!.venue, 'pumpswap')
  const vaultOut = toAddress(swap!.vaultOut)!
  const out = fixture.tokenDeltas.get(vaultOut)!
  t.equal(out.mint, toAddress(swap!.outputMint), 'the output vault holds the output mint')
  // The destination is the router's intermediate account (it forwards the tokens to the user in
  // the same instruction, so its net delta is 0): the pool's transfer to it is the received amount.
  const userDestination = toAddress(swap!.userDestination)!
  const paidOut = getInnerTransfers(fixture, 7).filter((x) => x.source === vaultOut)
  t.same(
    paidOut.map((x) => x.destination),
    [userDestination],
    'the pool paid the decoded destination, once',
  )
  t.equal(paidOut[0]!.amount, -out.delta, 'what the pool paid out')
  t.equal(swap!.instruction, 'buy')
  t.equal(swap!.mode, 'exact_out')
  t.equal(paidOut[0]!.amount, swap!.amountOut, 'received exactly the decoded output')
  const vaultIn = toAddress(swap!.vaultIn)!
  const paidIn = getInnerTransfers(fixture, 7).filter((x) => x.source === toAddress(swap!.userSource))
  t.ok(
    paidIn.some((x) => x.destination === vaultIn),
    'the decoded source paid the decoded input vault',
  )
  const totalIn = paidIn.reduce((sum, x) => sum + x.amount, 0n)
  t.ok(totalIn <= swap!.amountIn!, `paid ${totalIn} ≤ decoded maximum ${swap!.amountIn}`)
})

t.test('JSON4: a SOL transfer, ComputeBudget and Memo: nothing to decode', async (t) => {
  const fixture = readSwapFixture('JSON4')
  t.same(decodeAll(fixture), [null, null, null, null])
})
