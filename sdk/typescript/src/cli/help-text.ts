/** `solana-preflight --help`. */
export const HELP_TEXT = `solana-preflight: pre-flight Solana transactions against the pre-flight API

Usage: solana-preflight <command> [arguments] [options]

Commands
  simulate <tx>              simulate and judge a transaction; prints the verdict, summary,
                             balance changes, findings and fee
  execute <tx>               simulate a signed transaction, judge it, send it when it passes
  send <tx>                  send a signed transaction as it is
  submit <tx> --strategy S   land a signed transaction: direct, auto_direct, staked_sender,
                             managed_tip_bundle
  tips                       the relay's recent tips and the bundle floor
  approvals <address>        a wallet's token delegations and close authorities, scored
  history                    your records, newest first (--limit, --signature, --since,
                             --until, --failed)
  stats                      your figures and a line per UTC day (--days)
  login                      log in (or --register) and print the tokens
  keys list                  your API keys (needs a bearer token)
  keys create <name>         a new API key, printed once
  keys revoke <id>
  keys rotate <id>           a new secret for the key; the old one works 24 h more

<tx> is base64 wire bytes, @file (base64 text or raw bytes) or - (base64 on stdin).

Options
  --base-url URL        the service (PREFLIGHT_BASE_URL; default http://127.0.0.1:8080)
  --api-key KEY         PREFLIGHT_API_KEY
  --token JWT           a bearer token for login-only commands (PREFLIGHT_TOKEN;
                        PREFLIGHT_REFRESH_TOKEN renews it when it has expired)
  --email E             with PREFLIGHT_PASSWORD or --password-stdin: log in for keys / login
  --password-stdin      read the password from stdin
  --register            login: create the account first
  --json                print the service's JSON answer (for scripts)
  --policy P            simulate/execute: default, strict, permissive, or a JSON policy object
  --vectors a,b         simulate: which vectors run (mev, slippage, rug, program, priority_fee, simulation)
  --timeout-ms N        simulate: 50-800
  --replace-blockhash   simulate with the latest blockhash
  --wait                execute/send/submit: wait up to 30 s for confirmation
  --strategy S          submit's strategy
  --tip-lamports N      submit: the managed tip
  --deadline-ms N       submit: how long to wait for the relay's rate limit
  --max-retries N       send: fail-overs (0-5)
  --use-relay           send: as a bundle through the relay
  --expires-at ISO      keys create: an expiry
  --limit N             history: how many records (default 20, at most 10000)
  --signature SIG       history: the records of one transaction
  --since ISO           history: from this date or instant (UTC without an offset)
  --until ISO           history: up to this date or instant
  --failed              history: failed simulations only
  --days N              stats: the UTC days of the series, today included (1-90, default 14)
  -h, --help            this text

Exit codes
  0  approve (simulate), submitted (execute), or the command succeeded
  1  warn (simulate), or a sent transaction failed or expired on chain (--wait)
  2  block (simulate), or an execute blocked by the policy or whose simulation failed
  3  the service or the network refused the call (the error's code is printed)
  4  wrong usage
`
