"""When a tracked transaction's story is told: what wait_for_outcome polls for."""

from __future__ import annotations

from typing import Any, Mapping

#: statuses after which nothing changes (docs/api.md, tracking)
FINAL_STATUSES = frozenset({"finalized", "failed", "expired", "dropped"})
LANDED_STATUSES = frozenset({"confirmed", "finalized", "failed"})


def is_outcome_known(record: Mapping[str, Any]) -> bool:
    """Final, or landed at ``confirmed`` with its outcome compared (a send has no prediction, so no outcome)."""
    status = record.get("status")
    if status in ("expired", "dropped"):
        return True
    if status not in LANDED_STATUSES:
        return False
    return record.get("outcome") is not None or record.get("kind") == "send" or status in FINAL_STATUSES
