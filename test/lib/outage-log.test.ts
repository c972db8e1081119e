/**
 * An outage's log: its first failure at once with the cause, then one line per interval counting
 * what happened since the last, its end once; the next outage starts with a line again.
 */
import t from 'tap'
import { createOutageLog } from '../../lib/outage-log.js'
import { createCaptureLogger, LOG_LEVEL } from '../helpers/capture-logger.js'

t.test('first failure, one summary per interval, the end once', async (t) => {
  const { logger, lines } = createCaptureLogger()
  let nowMs = 0
  const outage = createOutageLog({ logger, message: 'store down', recoveredMessage: 'store back', intervalMs: 1_000, now: () => nowMs })
  outage.succeeded()
  t.equal(lines.length, 0, 'no outage, nothing to end')
  t.notOk(outage.failing)

  const cause = new Error('connection refused')
  for (let i = 0; i < 500; i++) outage.failed(cause, { attempt: i })
  t.ok(outage.failing)
  t.match(lines, [
    { level: LOG_LEVEL.error, msg: 'store down', failed: 1, failedTotal: 1, attempt: 0, err: { message: 'connection refused' } },
  ])
  t.equal(lines.length, 1, '500 failures within the interval: one line')

  nowMs = 1_000
  outage.failed(cause)
  t.equal(lines.length, 2)
  t.match(
    lines[1],
    { level: LOG_LEVEL.error, msg: 'store down', failed: 500, failedTotal: 501, outageMs: 1_000 },
    'the summary counts them',
  )

  nowMs = 1_500
  outage.succeeded()
  outage.succeeded()
  t.equal(lines.length, 3, 'the end: one line')
  t.match(lines[2], { level: 30, msg: 'store back', failedTotal: 501, outageMs: 1_500 })
  t.notOk(outage.failing)

  nowMs = 1_600
  outage.failed(cause)
  t.equal(lines.length, 4, 'a new outage within the interval of the last line still starts with a line')
  t.match(lines[3], { msg: 'store down', failed: 1, failedTotal: 1 })
})
