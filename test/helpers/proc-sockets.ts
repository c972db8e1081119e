/**
 * Sockets as Linux's /proc shows them, for tests that ask who listens where and who is connected
 * to whom: the listening and established TCP sockets of /proc/net (IPv4 and IPv6) and the socket
 * inodes a process's descriptors hold.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'

export interface ListeningTcpSocket {
  port: number
  inode: string
}

interface TcpConnection {
  localPort: number
  remotePort: number
  inode: string
}

interface TcpTableRow extends TcpConnection {
  /** The kernel's state, in hex: 01 ESTABLISHED, 0A LISTEN, … */
  state: string
}

const toPort = (address: string | undefined) => Number.parseInt(address?.split(':').pop() ?? '', 16)

/** The rows of /proc/net/tcp and tcp6; a table that cannot be read is skipped. */
function readTcpTables(): TcpTableRow[] {
  const rows: TcpTableRow[] = []
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string
    try {
      text = readFileSync(table, 'utf8')
    } catch {
      continue
    }
    for (const row of text.split('\n').slice(1)) {
      // local_address and rem_address (hex address:port), the state, the inode in the tenth field
      const fields = row.trim().split(/\s+/)
      const [localPort, remotePort] = [toPort(fields[1]), toPort(fields[2])]
      const [state, inode] = [fields[3], fields[9]]
      if (state && inode && Number.isInteger(localPort) && Number.isInteger(remotePort)) rows.push({ state, localPort, remotePort, inode })
    }
  }
  return rows
}

/** Every listening TCP socket (state 0A) of /proc/net/tcp and tcp6. */
export function readListeningTcpSockets(): ListeningTcpSocket[] {
  return readTcpTables()
    .filter((row) => row.state === '0A')
    .map(({ localPort, inode }) => ({ port: localPort, inode }))
}

/** Every established TCP connection (state 01) of /proc/net/tcp and tcp6, both ends of a local one included. */
function readEstablishedTcpConnections(): TcpConnection[] {
  return readTcpTables()
    .filter((row) => row.state === '01')
    .map(({ localPort, remotePort, inode }) => ({ localPort, remotePort, inode }))
}

/** Whether `pid` holds an established TCP connection to `port` (on any address). */
export function isConnectedTo(pid: number, port: number): boolean {
  const inodes = getSocketInodes(pid)
  return readEstablishedTcpConnections().some((connection) => connection.remotePort === port && inodes.has(connection.inode))
}

/** The inodes of the sockets `pid`'s descriptors hold (`self`: this process, its worker threads' included); empty when they cannot be read. */
export function getSocketInodes(pid: number | 'self'): Set<string> {
  const inodes = new Set<string>()
  let descriptors: string[]
  try {
    descriptors = readdirSync(`/proc/${pid}/fd`)
  } catch {
    // gone, or not ours to read
    return inodes
  }
  for (const fd of descriptors) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))
      if (match?.[1]) inodes.add(match[1])
    } catch {
      // closed while listing
    }
  }
  return inodes
}
