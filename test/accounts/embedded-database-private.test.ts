/**
 * The embedded database has no passwords (PGlite cannot check one), so nobody but the service's
 * own user may reach it: it listens on a Unix socket in an owner-only directory, not on a TCP port,
 * and its files are owner-only too. Probed as an attacker would: another local user's process
 * tries to connect (refused by the kernel), and the service's own TCP listeners are listed.
 */
import { execFileSync } from 'node:child_process'
import { statSync } from 'node:fs'
import { dirname } from 'node:path'
import t from 'tap'
import { createTestEmbeddedDatabase } from '../helpers/database.js'
import { getSocketInodes, readListeningTcpSockets } from '../helpers/proc-sockets.js'

const NOBODY = 65_534

/** What `net.connect(socketPath)` gives a process running as `uid`: 'connected' or the error code. */
function connectAs(uid: number, socketPath: string): string {
  const script = `const s = require('node:net').connect(${JSON.stringify(socketPath)});
s.on('connect', () => { console.log('connected'); process.exit(0) });
s.on('error', (e) => { console.log(e.code); process.exit(0) });`
  return execFileSync(process.execPath, ['-e', script], { uid, gid: uid, cwd: '/', encoding: 'utf8', timeout: 10_000 }).trim()
}

/** Inodes of this process's listening TCP sockets (IPv4 and IPv6). */
function getListeningTcpInodes(): Set<string> {
  const own = getSocketInodes('self')
  return new Set(readListeningTcpSockets().flatMap((socket) => (own.has(socket.inode) ? [socket.inode] : [])))
}

t.test('the embedded database is reachable by its owner only, over a private Unix socket', async (t) => {
  const before = getListeningTcpInodes()
  const { db, dataDir, socketDir } = await createTestEmbeddedDatabase(t)
  t.equal((await db.query<{ one: number }>('SELECT 1 AS one'))[0]?.one, 1, 'the service itself connects')

  t.equal(dirname(db.socketPath), socketDir, 'the socket is in the directory it was given')
  t.ok(statSync(db.socketPath).isSocket(), 'a Unix socket')
  t.equal(statSync(socketDir).mode & 0o777, 0o700, 'its directory is owner-only')
  t.equal(statSync(db.socketPath).mode & 0o777, 0o600, 'the socket itself is owner-only')
  t.equal(statSync(dataDir).mode & 0o777, 0o700, 'the database files are in an owner-only directory')

  if (process.platform === 'linux') {
    const opened = [...getListeningTcpInodes()].filter((inode) => !before.has(inode))
    t.same(opened, [], 'no TCP port was opened for it: nothing on loopback to connect to')
  }

  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    t.equal(connectAs(NOBODY, db.socketPath), 'EACCES', 'another local user is refused by the kernel')
  } else {
    t.equal(
      connectAs(process.getuid?.() ?? 0, db.socketPath),
      'connected',
      'the owner connects (another user cannot be tried without root)',
    )
  }
})
