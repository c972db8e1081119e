/**
 * The two bound checks every venue's sandwich test makes on the real program: a swap whose
 * minimum output is 1 % under its quote lets a sandwich take up to that bound (about 1 %) and no
 * further, and one at its exact quote leaves about nothing to take.
 */
import type { Test } from 'tap'
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'

/** `response`: the simulate of a swap whose minimum output is 99 % of `quote`. `limitMessage` names the venue's bound error. */
export function testMinimumOnePercentUnder(t: Test, response: SimulateResponse, quote: bigint, limitMessage?: string): void {
  t.test('a minimum 1 % under the quote: up to that bound', async (t) => {
    const extractable = response.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${response.mev?.unpriced_reason}`)
    t.equal(extractable.limited_by, 'minimum_output', limitMessage ?? 'stopped by the swap’s own bound')
    t.ok(BigInt(extractable.sandwiched) >= (quote * 99n) / 100n)
    t.ok(extractable.bps >= 95 && extractable.bps <= 100, `${extractable.bps} bps`)
  })
}

/** `response`: the simulate of a swap whose minimum output is its exact `quote`. */
export function testMinimumAtQuote(t: Test, response: SimulateResponse, quote: bigint): void {
  t.test('a minimum at the exact quote: about nothing', async (t) => {
    const extractable = response.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${response.mev?.unpriced_reason}`)
    t.ok(extractable.bps <= 1, `${extractable.bps} bps`)
    t.ok(BigInt(extractable.amount) * 10_000n <= quote, `${extractable.amount} units`)
  })
}
