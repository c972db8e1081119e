"""A transaction as the API takes it: base64 text of the wire bytes."""

from __future__ import annotations

import base64
from typing import Any, Union

#: base64 text, wire bytes, or a transaction object of solders / solana-py
TransactionInput = Union[str, bytes, bytearray, memoryview, Any]


def to_base64_transaction(transaction: TransactionInput) -> str:
    """Base64 of the wire bytes of ``transaction``.

    Text is taken as base64 already (the service validates it); bytes are encoded. A solders
    ``Transaction`` / ``VersionedTransaction`` gives its wire bytes to ``bytes(tx)``, a solana-py
    ``Transaction`` to ``tx.serialize()``: both are recognised by that, without importing them.
    """
    if isinstance(transaction, str):
        return transaction
    if isinstance(transaction, (bytes, bytearray, memoryview)):
        return base64.b64encode(bytes(transaction)).decode("ascii")
    serialize = getattr(transaction, "serialize", None)
    if callable(serialize):
        try:
            wire = serialize()
        except TypeError:
            wire = None
        if isinstance(wire, (bytes, bytearray)):
            return base64.b64encode(bytes(wire)).decode("ascii")
    if hasattr(transaction, "__bytes__"):
        return base64.b64encode(bytes(transaction)).decode("ascii")
    raise TypeError(f"a transaction is base64 text, bytes, or an object with serialize() or __bytes__; got {type(transaction).__name__}")
