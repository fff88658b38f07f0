"""Every error this package raises, in one tree (the way httpx draws its own)::

    EntityMemoryError                  the base: catch this to catch them all
    ├── ConfigError (ValueError)       a setting that cannot be understood (the CLI and doctor
    │   │                              refuse it; the plugin logs it and uses the key's default)
    │   ├── MissingExtra               a backend whose extra is not installed; says which
    │   └── LanguageDataError          a language folder that lacks a file or key; names it
    ├── UserError                      the command line cannot do what was asked (exit status 1)
    │   └── UsageError                 the command line itself is wrong (exit status 2, as argparse)
    ├── OwnerError (ValueError)        what the owner asked cannot be done; the text says why
    │   └── NotFound (LookupError)     no such session, fact, entity or pending item
    ├── ReplyError (ValueError)        a model reply that does not fit the extraction contract
    ├── EndpointError                  the model endpoint gave no usable answer
    │   ├── EndpointUnavailable        refused, reset, timed out, or backing off
    │   ├── EndpointHTTPError          an HTTP error status
    │   └── EndpointReplyError         a body that is not an OpenAI chat completion
    └── StoreError                     the store could not do what was asked
        ├── StoreUnavailable           not now (a lock held too long, a database restarting): retry
        │   ├── KeyMismatch            this node's key is not the one the database is sealed with
        │   └── ReadOnlyStore          the files can be read, not written: what they hold is served
        ├── StoreDataError             refused for its data, not an outage: retrying is useless
        │   └── Unsealable             a stored value does not open with its key
        ├── CorruptRecord (ValueError) a record file that does not parse
        ├── UnfinishedScrub            a forget or erase a crash interrupted: a locked reader finishes it
        └── UnsafeStore (OSError)      a link, or a folder others can write

The plugin's constructor, ``update_history`` and ``build_conversation_context`` catch
these, log once naming the setting that would help, and carry on.
"""
from __future__ import annotations

from typing import Any, Dict


class EntityMemoryError(Exception):
    """The base of every error this package raises."""


class ConfigError(EntityMemoryError, ValueError):
    """A setting that cannot be understood: its key, its value and what is allowed."""


class MissingExtra(ConfigError):
    def __init__(self, feature: str, extra: str):
        super().__init__(f"{feature} needs the {extra} extra: pip install 'ovos-memory-plugin-entity[{extra}]'")
        self.extra = extra


class LanguageDataError(ConfigError):
    """A language folder (``locale/<lang>/``) that lacks a file, a key or an entry."""


class UserError(EntityMemoryError):
    status = 1  # printed without a traceback


class UsageError(UserError):
    status = 2  # as argparse's own mistakes


class OwnerError(EntityMemoryError, ValueError):
    """Something the owner asked for cannot be done (unknown session or fact, bad file)."""


class NotFound(OwnerError, LookupError):
    def __init__(self, kind: str, item_id: str):
        super().__init__(f"no {kind} {item_id!r}")


class ReplyError(EntityMemoryError, ValueError):
    """A reply that does not fit the extraction contract; nothing is stored."""


class EndpointError(EntityMemoryError):
    """The endpoint could not give a usable answer."""


class EndpointUnavailable(EndpointError):
    """Connection refused or reset, a timeout, or skipped while backing off."""


class EndpointHTTPError(EndpointError):
    def __init__(self, status: int, body: str):
        super().__init__(f"HTTP {status}: {body[:200]}")
        self.status, self.body = status, body


class EndpointReplyError(EndpointError):
    """A body that is not an OpenAI chat completion."""


class StoreError(EntityMemoryError):
    """The store could not do what was asked."""


class StoreUnavailable(StoreError):
    """The backend cannot be reached now (a database restarting, a lock held); retry later."""


class KeyMismatch(StoreUnavailable):
    """This node's key is not the one the database's text is sealed with."""


class ReadOnlyStore(StoreUnavailable):
    """Files that can be read, not written (read-only, full, no permission): served, changes wait."""


class StoreDataError(StoreError):
    """The backend refused this change for its data, not for an outage: retrying is useless."""


class Unsealable(StoreDataError):
    """A stored value that does not open with its key: damaged, or sealed elsewhere."""


class CorruptRecord(StoreError, ValueError):
    """A record file that does not parse."""


class UnfinishedScrub(StoreError):
    def __init__(self, intent: Dict[str, Any]):
        super().__init__("a forget or an erase was interrupted; finishing it")
        self.intent = intent


class UnsafeStore(StoreError, OSError):
    """The store folder (or a file in it) is a link, or others can write it."""
