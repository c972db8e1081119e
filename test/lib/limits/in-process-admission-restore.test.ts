/**
 * The in-process admission takes today's counts restored from history at start: a user who used
 * the whole free quota before a restart is still refused after it, a count never lowers what is
 * held, and the next UTC day starts fresh as always.
 */
import t from 'tap'
import { isServiceError } from '../../../lib/errors.js'
import { createInProcessAdmission } from '../../../lib/limits/in-process-admission.js'
import { DAY_MS, FREE_DAILY_SIMULATIONS } from '../../../lib/limits/limit-plans.js'

const NOW_MS = Date.parse('2031-05-04T10:00:00.000Z')
const free = (userId: string) => ({ userId, hasCard: false })
const oneSimulation = { requests: 1, simulations: 1 }

t.test('restored counts are charged against the day they were counted in', async (t) => {
  const admission = createInProcessAdmission()
  admission.restoreDailyCounts(
    [
      { userId: 'spent', simulations: FREE_DAILY_SIMULATIONS },
      { userId: 'almost', simulations: FREE_DAILY_SIMULATIONS - 1 },
      { userId: 'nonsense', simulations: -5 },
    ],
    NOW_MS,
  )
  const refused = (() => {
    try {
      admission.admit(free('spent'), oneSimulation, NOW_MS)
      return undefined
    } catch (error) {
      return error
    }
  })()
  t.ok(isServiceError(refused, 'quota_exceeded'), 'a user who used the day before the restart is still refused')
  t.doesNotThrow(() => admission.admit(free('almost'), oneSimulation, NOW_MS + 1_000), 'one left is one left')
  t.throws(() => admission.admit(free('almost'), oneSimulation, NOW_MS + 2_000), { code: 'quota_exceeded' })
  t.doesNotThrow(() => admission.admit(free('nonsense'), oneSimulation, NOW_MS), 'a count that is not one is ignored')
  t.doesNotThrow(
    () => admission.admit({ userId: 'spent', hasCard: true }, oneSimulation, NOW_MS + 3_000),
    'a card lifts the quota as before',
  )
  t.doesNotThrow(() => admission.admit(free('spent'), oneSimulation, NOW_MS + DAY_MS), 'the next UTC day starts fresh')
})

t.test('a restored count never lowers what this process already counted', async (t) => {
  const admission = createInProcessAdmission()
  for (let i = 0; i < 10; i++) admission.admit(free('busy'), { requests: 0, simulations: 100 }, NOW_MS)
  admission.restoreDailyCounts([{ userId: 'busy', simulations: 5 }], NOW_MS)
  t.throws(() => admission.admit(free('busy'), oneSimulation, NOW_MS), { code: 'quota_exceeded' }, 'still 1,000 counted')
})
