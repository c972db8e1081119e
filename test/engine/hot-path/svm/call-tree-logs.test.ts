import t from 'tap'
import { getCallTree, getProgramBreakdown } from '../../../../engine/hot-path/svm/call-tree.js'

const logs = [
  'Program ComputeBudget111111111111111111111111111111 invoke [1]',
  'Program ComputeBudget111111111111111111111111111111 success',
  'Program whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc invoke [1]',
  'Program log: Instruction: Swap',
  'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA invoke [2]',
  'Program log: Instruction: Transfer',
  'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA consumed 4645 of 190000 compute units',
  'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA success',
  'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA invoke [2]',
  'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA consumed 4736 of 180000 compute units',
  'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA success',
  'Program whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc consumed 41190 of 199850 compute units',
  'Program whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc success',
]

t.test('nests CPIs under their caller with depth, units and outcome', async (t) => {
  const tree = getCallTree(logs)
  t.equal(tree.length, 2)
  t.match(tree[0], { program_id: 'ComputeBudget111111111111111111111111111111', depth: 1, compute_units: 150, success: true })
  const swap = tree[1]!
  t.match(swap, { depth: 1, compute_units: 41190, success: true })
  t.equal(swap.children.length, 2)
  t.match(swap.children[0], { program_id: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', depth: 2, compute_units: 4645 })
})

t.test('the breakdown counts each program without its CPIs, summing to the total', async (t) => {
  const breakdown = getProgramBreakdown(getCallTree(logs))
  const whirlpool = breakdown.find((usage) => usage.program_id.startsWith('whirL'))
  const token = breakdown.find((usage) => usage.program_id.startsWith('Tokenkeg'))
  t.equal(whirlpool?.compute_units, 41190 - 4645 - 4736)
  t.equal(token?.compute_units, 4645 + 4736)
  t.equal(token?.invocations, 2)
  t.equal(
    breakdown.reduce((sum, usage) => sum + usage.compute_units, 0),
    150 + 41190,
  )
})

t.test('a failing program is marked with its error; unterminated nodes stay unsuccessful', async (t) => {
  const tree = getCallTree([
    'Program 11111111111111111111111111111111 invoke [1]',
    'Transfer: insufficient lamports 100, need 1000',
    'Program 11111111111111111111111111111111 failed: custom program error: 0x1',
    'Program X1111111111111111111111111111111111111111 invoke [1]',
  ])
  t.match(tree[0], { success: false, error: 'custom program error: 0x1' })
  t.match(tree[1], { success: false, error: null })
})
