"""Opening an account's local store from the command line, online and offline.

- ``open_local_store``: without the network (``--offline``, ``cache``, ``unpin``): the account
  comes from the account index (``scaninbox.store.accounts``), narrowed by ``--base-url`` /
  ``--env`` / ``--demo`` and ``SCANINBOX_EMAIL``.
- ``run_with_store``: signed in, the signed-in account's store with a sync engine (``sync``,
  ``pin``, ``cases --search``).
- ``FetchedCases``: what an online ``cases`` / ``case`` fetched, kept in the store on a thread of
  its own while the command goes on, so a later ``--offline`` has it. Only upserts, never a
  removal: a page of a listing says nothing about the cases not on it. (Incremental syncs start
  from what a sync has seen, not from the newest stored case, so keeping a newer case here never
  makes the next sync skip cases.) A store that cannot be written never fails the online
  command; the log says why.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Awaitable, Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

from scaninbox.api import check_base_url
from scaninbox.api.errors import ProtocolError
from scaninbox.api.wire import UnifiedCase
from scaninbox.cli.options import GlobalOptions
from scaninbox.cli.session import SignedIn, run_signed_in
from scaninbox.cli.store_output import ProgressListener
from scaninbox.paths import app_paths
from scaninbox.settings import load_settings
from scaninbox.store import (
    CUSTOM_ENVIRONMENT,
    Account,
    CaseStore,
    FileCache,
    SyncEngine,
    SyncOptions,
    account_folder,
    remember_account,
    resolve_account,
)

__all__ = ["FetchedCases", "LocalStore", "open_local_store", "run_with_store"]

_log = logging.getLogger(__name__)
_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class LocalStore:
    account: Account
    store: CaseStore
    cache: FileCache


@contextmanager
def open_local_store(options: GlobalOptions) -> Iterator[LocalStore]:
    """The store of the account the command line names, without the network.

    Raises ``NoLocalAccountError`` when no account with local data matches.
    """
    paths = app_paths()
    environment = options.target_environment
    custom = environment == CUSTOM_ENVIRONMENT
    account = resolve_account(
        paths,
        environment=None if custom else environment,
        base_url=check_base_url(options.base_url or "") if custom else None,
        email=os.environ.get("SCANINBOX_EMAIL", "").strip() or None,
    )
    limit = load_settings(paths).cache_limit_bytes
    with (
        CaseStore.open(account_folder(paths, account)) as store,
        FileCache.open(store, limit_bytes=limit) as cache,
    ):
        yield LocalStore(account, store, cache)


def run_with_store(
    options: GlobalOptions,
    work: Callable[[SyncEngine], Awaitable[_T]],
    *,
    progress: bool = True,
) -> _T:
    """Sign in, open the signed-in account's store, and run ``work`` with a sync engine
    (``progress``: its progress line on a terminal's stderr; not for ``--json``)."""
    paths = app_paths()
    settings = load_settings(paths)

    async def signed_in(session: SignedIn) -> _T:
        with (
            CaseStore.open(account_folder(paths, session.account)) as store,
            FileCache.open(store, limit_bytes=settings.cache_limit_bytes) as cache,
        ):
            remember_account(paths, session.account)
            options = SyncOptions.from_settings(settings)
            engine = SyncEngine(session.client, store, cache, options)
            if progress:
                engine.add_listener(ProgressListener())
            try:
                return await work(engine)
            finally:
                await engine.stop()

    return run_signed_in(options, signed_in, settings=settings)


class FetchedCases:
    """Keeps fetched cases in ``account``'s store on one worker thread; ``close()`` waits.

    ``keep`` returns at once, so storing a page overlaps fetching the next one.
    """

    def __init__(self, account: Account) -> None:
        self._account = account
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="scaninbox-keep")
        self._store: CaseStore | None = None
        self._failed = False

    def __enter__(self) -> FetchedCases:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def keep(self, cases: Sequence[UnifiedCase]) -> None:
        if cases:
            self._executor.submit(self._save, list(cases))

    def close(self) -> None:
        """Wait for the queued writes, then close the store."""
        self._executor.shutdown(wait=True)
        if self._store is not None:
            self._store.close()
            self._store = None

    def _save(self, cases: list[UnifiedCase]) -> None:
        if self._failed:
            return
        try:
            if self._store is None:
                paths = app_paths()
                self._store = CaseStore.open(account_folder(paths, self._account))
                remember_account(paths, self._account)
            store = self._store
            for wire in cases:
                try:
                    store.upsert_case(wire)
                except (ValueError, ProtocolError):
                    continue  # unusable: the listing already said so
        except Exception as exc:  # the online answer is complete without the store
            self._failed = True
            _log.warning(
                "could not keep fetched cases in the local store: %s: %s",
                type(exc).__name__,
                exc,
            )
