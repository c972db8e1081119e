/** login, keys, tips and approvals. */
import { UsageError } from './usage-error.js'
import { printJson } from './cli-io.js'
import { EXIT } from './exit-codes.js'
import type { CommandContext } from './transaction-commands.js'

async function readPassword({ io, line }: CommandContext): Promise<string> {
  const password = line.options['password-stdin'] ? (await io.readStdin()).replace(/\r?\n$/, '') : io.env.PREFLIGHT_PASSWORD
  if (!password) throw new UsageError('a password: PREFLIGHT_PASSWORD or --password-stdin')
  return password
}

/** Logs in (or registers) when an e-mail is given and no token is: what keys and login need. */
async function ensureBearer(context: CommandContext): Promise<void> {
  const { client, line, io } = context
  const email = line.options.email ?? io.env.PREFLIGHT_EMAIL
  if (line.options.token ?? io.env.PREFLIGHT_TOKEN) return
  if (!email) throw new UsageError('a bearer token: --token / PREFLIGHT_TOKEN, or --email with PREFLIGHT_PASSWORD')
  const password = await readPassword(context)
  await (line.options.register ? client.auth.register(email, password) : client.auth.login(email, password))
}

export async function runLogin(context: CommandContext): Promise<number> {
  const { client, io, line } = context
  const email = line.options.email ?? io.env.PREFLIGHT_EMAIL
  if (!email) throw new UsageError('login needs --email (or PREFLIGHT_EMAIL)')
  const password = await readPassword(context)
  const tokens = line.options.register ? await client.auth.register(email, password) : await client.auth.login(email, password)
  if (line.options.json) printJson(io, tokens)
  else io.stdout.write(`PREFLIGHT_TOKEN=${tokens.token}\nPREFLIGHT_REFRESH_TOKEN=${tokens.refresh_token}\n`)
  return EXIT.ok
}

export async function runKeys(context: CommandContext): Promise<number> {
  const { client, io, line } = context
  const [action, argument] = line.positionals
  await ensureBearer(context)
  if (action === 'list' || action === undefined) {
    const keys = await client.apiKeys.list()
    if (line.options.json) printJson(io, keys)
    else
      for (const key of keys)
        io.stdout.write(`${key.id}  ${key.name}  …${key.last_four}  used ${key.requests_count}×  created ${key.created_at}\n`)
    return EXIT.ok
  }
  if (argument === undefined) throw new UsageError(`keys ${action} needs ${action === 'create' ? 'a name' : 'an id'}`)
  if (action === 'create' || action === 'rotate') {
    const key =
      action === 'create'
        ? await client.apiKeys.create({ name: argument, ...(line.options['expires-at'] ? { expires_at: line.options['expires-at'] } : {}) })
        : await client.apiKeys.rotate(argument)
    if (line.options.json) printJson(io, key)
    else io.stdout.write(`${key.id}  ${key.name}\nPREFLIGHT_API_KEY=${key.key}\n(shown once: store it now)\n`)
    return EXIT.ok
  }
  if (action === 'revoke') {
    const revoked = await client.apiKeys.revoke(argument)
    if (line.options.json) printJson(io, revoked)
    else io.stdout.write(`revoked ${revoked.id}\n`)
    return EXIT.ok
  }
  throw new UsageError(`keys takes list, create, revoke or rotate, not ${action}`)
}

export async function runTips({ client, io, line }: CommandContext): Promise<number> {
  const tips = await client.tips()
  if (line.options.json) printJson(io, tips)
  else {
    const percentiles = (['p25', 'p50', 'p75', 'p95', 'p99'] as const).map((name) => `${name} ${tips[name] ?? '-'}`).join('  ')
    io.stdout.write(
      `last ${tips.slots} slots, ${tips.sample_count} samples (lamports): ${percentiles}\nfloor ${tips.floor_lamports} lamports\n`,
    )
  }
  return EXIT.ok
}

export async function runApprovals({ client, io, line }: CommandContext): Promise<number> {
  const address = line.positionals[0]
  if (!address) throw new UsageError('approvals needs a wallet address')
  const result = await client.approvals(address)
  if (line.options.json) printJson(io, result)
  else {
    io.stdout.write(
      `${result.wallet}: ${result.approvals.length} approvals over ${result.token_accounts_scanned} token accounts (slot ${result.slot})\n`,
    )
    for (const approval of result.approvals) {
      io.stdout.write(`  [${approval.risk_level}] ${approval.token_account}  mint ${approval.mint}\n`)
      for (const reason of approval.reasons) io.stdout.write(`      ${reason}\n`)
    }
    if (result.revoke_transaction) io.stdout.write(`revoke transaction (unsigned, sign with the wallet):\n${result.revoke_transaction}\n`)
  }
  return EXIT.ok
}
