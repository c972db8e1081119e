/** The signed-in client and user, for every page under the shell. */
import { createContext } from 'preact'
import { useContext } from 'preact/hooks'
import type { PreflightClient, User } from '@preflight/sdk'

export interface SessionValue {
  client: PreflightClient
  user: User
  signOut: () => Promise<void>
}

export const SessionContext = createContext<SessionValue | undefined>(undefined)

export function useSession(): SessionValue {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession outside a signed-in shell')
  return session
}
