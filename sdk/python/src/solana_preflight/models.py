"""The answers' shapes, as TypedDicts.

TypedDicts rather than dataclasses: an answer stays the dict the service sent, so a field added
in a minor release (docs/versioning.md: new response fields are not breaking) is there to read
before the SDK knows it, nothing is copied or converted on the hot path, and ``json.dumps`` works
on any answer; type checkers still check every field named here. u64 amounts are decimal strings,
as on the wire. Every field named here is in every answer of that shape (null when it does not
apply); the SDK's suite checks this against the service's real answers.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, TypedDict, Union


class TokenPair(TypedDict):
    token: str
    refresh_token: str
    token_type: str
    expires_in: int


class User(TypedDict):
    id: str
    email: str
    name: Optional[str]
    role: str
    email_verified: bool
    timezone: Optional[str]
    created_at: str


class ApiKey(TypedDict):
    id: str
    name: str
    prefix: str
    last_four: str
    requests_count: int
    last_used_at: Optional[str]
    expires_at: Optional[str]
    created_at: str


class IssuedApiKey(ApiKey):
    """What create and rotate answer: with the cleartext key, shown this once."""

    key: str


class ApiKeyList(TypedDict):
    keys: List[ApiKey]


class DecisionReason(TypedDict):
    rule: str
    message: str


class SimulateResponse(TypedDict):
    success: bool
    compute_units: int
    suggested_compute_limit: Optional[int]
    fee_estimate_sol: float
    fee_details: Dict[str, Any]
    priority_fees: Dict[str, Any]
    tip_lamports: Optional[int]
    tips: Optional[Dict[str, Any]]
    landing_estimate: Dict[str, Any]
    slippage: Optional[Dict[str, Any]]
    mev: Optional[Dict[str, Any]]
    risk: Dict[str, Any]
    summary: List[Dict[str, Any]]
    recommendations: List[Dict[str, Any]]
    program_breakdown: List[Dict[str, Any]]
    call_tree: List[Dict[str, Any]]
    balance_changes: List[Dict[str, Any]]
    failure_code: Optional[str]
    failure_reason: Optional[str]
    is_terminal: Optional[bool]
    transaction_error: Any
    logs: List[str]
    latency_ms: float
    context_slot: int
    min_account_slot: Optional[int]
    replacement_blockhash: Optional[str]
    timed_out_vectors: List[str]
    decision: str
    decision_reasons: List[DecisionReason]
    cached: bool


class BatchSimulated(SimulateResponse):
    index: int


class BatchItemError(TypedDict):
    code: str
    message: str


class BatchFailed(TypedDict):
    """An item that could not be simulated at all (the others still answer)."""

    index: int
    error: BatchItemError


#: tell them apart with ``"error" in item``
BatchItem = Union[BatchSimulated, BatchFailed]


class SimulateBatchResponse(TypedDict):
    results: List[BatchItem]
    total: int
    succeeded: int
    failed: int


class ExecuteResponse(TypedDict):
    action: str
    reason: str
    simulation_success: bool
    route: str
    signature: Optional[str]
    relay_bundle_id: Optional[str]
    mev_score: float
    risk_level: str
    compute_units: int
    recommended_priority_fee: Optional[int]
    policy_applied: Dict[str, Any]
    decision_reasons: List[DecisionReason]
    summary: List[Dict[str, Any]]
    confirmation: Optional[str]
    attempts: int
    slot: Optional[int]
    transaction_error: Any
    latency_ms: float


class SendResponse(TypedDict):
    signature: str
    route: str
    confirmation: str
    attempts: int
    slot: Optional[int]
    transaction_error: Any
    latency_ms: float


class BundleLintEntry(TypedDict):
    rule: str
    ok: bool
    detail: str


class SubmitResponse(TypedDict):
    signature: str
    strategy: str
    route: str
    bundle_id: Optional[str]
    tip_lamports: Optional[int]
    bundle_lint: List[BundleLintEntry]
    confirmation: str
    attempts: int
    slot: Optional[int]
    transaction_error: Any
    latency_ms: float
    billable: bool


class TrackedTransaction(TypedDict):
    signature: str
    kind: str
    status: str
    route: str
    attempts: int
    endpoints: List[str]
    landed_slot: Optional[int]
    transaction_error: Any
    prediction: Optional[Dict[str, Any]]
    outcome: Optional[Dict[str, Any]]
    strategy: Optional[str]
    relay_bundle_id: Optional[str]
    tip_lamports: Optional[str]
    drop_reason: Optional[str]
    created_at: str
    updated_at: str


class TipFloor(TypedDict):
    slots: int
    sample_count: int
    p25: Optional[int]
    p50: Optional[int]
    p75: Optional[int]
    p95: Optional[int]
    p99: Optional[int]
    floor_lamports: int
    tip_accounts: List[str]


class Approvals(TypedDict):
    wallet: str
    slot: int
    approvals: List[Dict[str, Any]]
    revoke_transaction: Optional[str]
    revoke_accounts: List[str]
    truncated: bool
    token_accounts_scanned: int


class HistoryRecord(TypedDict):
    id: str
    created_at: str
    success: bool
    decision: Optional[str]
    risk_level: Optional[str]
    mev_score: Optional[float]
    mev_level: Optional[str]
    failure_code: Optional[str]
    failure_reason: Optional[str]
    compute_units: Optional[int]
    fee_estimate_sol: Optional[float]
    latency_ms: Optional[float]
    signature: Optional[str]
    api_key_id: Optional[str]
    cached: bool
    kind: str
    transaction: Optional[Dict[str, Any]]


class HistoryPage(TypedDict):
    simulations: List[HistoryRecord]
    next_cursor: Optional[str]


class DailyStats(TypedDict):
    date: str
    simulations: int
    success_count: int
    approve: int
    warn: int
    block: int
    latency_p50_ms: Optional[float]
    latency_p95_ms: Optional[float]
    latency_p99_ms: Optional[float]


class Stats(TypedDict):
    total_simulations: int
    success_count: int
    fail_count: int
    success_rate: float
    avg_latency_ms: float
    avg_mev_score: float
    mev_distribution: Dict[str, int]
    top_failure_reasons: List[Dict[str, Any]]
    risk_distribution: List[Dict[str, Any]]
    simulations_today: int
    simulations_7d: int
    daily: List[DailyStats]


class WebhookEndpoint(TypedDict):
    id: str
    url: str
    events: List[str]
    description: Optional[str]
    disabled_at: Optional[str]
    disabled_reason: Optional[str]
    created_at: str


class IssuedWebhookEndpoint(WebhookEndpoint):
    """What create and rotate-secret answer: with the signing secret, shown this once."""

    secret: str


class WebhookDelivery(TypedDict):
    id: str
    event_id: str
    event_type: str
    status: str
    attempts: int
    next_attempt_at: Optional[str]
    last_response_code: Optional[int]
    last_latency_ms: Optional[int]
    last_error: Optional[str]
    created_at: str
    delivered_at: Optional[str]
