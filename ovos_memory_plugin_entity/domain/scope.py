"""Which record a caller's session id means, for the plugin, the owner, the CLI and import.
``scope: global`` is one record for the device. An id that is not a non-empty string of
bounded length is refused: scope fails closed, never into another session.
"""
from __future__ import annotations

from typing import Any, Optional

# Under ``scope: global`` every session shares this one record.
GLOBAL_KEY = "*global*"
# A session id longer than this is not an id; refusing it keeps the store sane.
MAX_SESSION_ID_CHARS = 4096


def session_key(scope: str, session_id: Any) -> Optional[str]:
    """The store key for ``session_id`` under ``scope``; None when the id is refused."""
    if scope == "global":
        return GLOBAL_KEY
    if not isinstance(session_id, str) or not session_id.strip() or len(session_id) > MAX_SESSION_ID_CHARS:
        return None
    return session_id
