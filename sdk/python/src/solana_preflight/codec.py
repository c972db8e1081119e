"""Stream frames: JSON text, or MessagePack binary when a msgpack module is importable."""

from __future__ import annotations

import json
from typing import Any, Dict, Optional, Union

try:  # optional: `pip install solana-preflight[msgpack]`
    import msgpack as _msgpack  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - depends on the machine
    _msgpack = None


def is_msgpack_available() -> bool:
    return _msgpack is not None


def encode_frame(message: Dict[str, Any], use_msgpack: bool) -> Union[str, bytes]:
    if use_msgpack:
        if _msgpack is None:
            raise RuntimeError("MessagePack frames need the msgpack module: pip install msgpack")
        packed = _msgpack.packb(message, use_bin_type=True)
        if not isinstance(packed, bytes):  # packb returns None only when given a stream to write to
            raise RuntimeError("msgpack.packb answered no bytes")
        return packed
    return json.dumps(message, separators=(",", ":"))


def decode_frame(data: Union[str, bytes]) -> Optional[Dict[str, Any]]:
    """The frame as a dict; None for one that is not a JSON / MessagePack map."""
    try:
        if isinstance(data, str):
            value = json.loads(data)
        elif _msgpack is not None:
            value = _msgpack.unpackb(data, raw=False)
        else:
            value = json.loads(data)
    except Exception:
        return None
    return value if isinstance(value, dict) else None
