/**
 * Tips, approvals, status: the relay's tip percentiles and floor, a wallet's token approvals with
 * the transaction that revokes them, and the service's state.
 */
import { ApprovalsSection } from '../insights/approvals-section.tsx'
import { StatusSection } from '../insights/status-section.tsx'
import { TipsSection } from '../insights/tips-section.tsx'
import '../insights/insights.css'

export function ToolsPage() {
  return (
    <div class="insights-page">
      <TipsSection />
      <ApprovalsSection />
      <StatusSection />
    </div>
  )
}
