"""The local-first store: one SQLite database and file cache per environment + account, kept in
step with the service by a background sync engine. Knows ``api`` and ``domain``, never Qt.

Entry points::

    store = CaseStore.open(account_folder(app_paths(), account))   # reads: count, rows, case …
    cache = FileCache.open(store, limit_bytes=settings.cache_limit_bytes)
    engine = SyncEngine(client, store, cache, SyncOptions.from_settings(settings))
    engine.add_listener(listener); engine.start()                  # …; await engine.stop()

Module map: ``schema`` (tables, migrations) · ``connections`` (reader per thread, one writer) ·
``reading`` + ``case_store`` (the store's API) · ``queries`` (filter, sort, rows) · ``derive``
(columns from a wire case) · ``sync_writes`` (page transactions) · ``filecache`` + ``scratch``
(verified content-addressed files) · ``fetcher`` (downloads) · ``sync_pass`` + ``sync`` (the
engine) · ``events`` (listeners) · ``accounts`` (which folder is whose) · ``writer`` (the write
thread).
"""

from scaninbox.store.accounts import (
    CUSTOM_ENVIRONMENT,
    DEMO_ENVIRONMENT,
    Account,
    account_folder,
    folder_size_bytes,
    known_accounts,
    last_account,
    remember_account,
    remove_local_data,
    resolve_account,
)
from scaninbox.store.case_list import CaseList
from scaninbox.store.case_store import CaseStore
from scaninbox.store.derive import FileSpec
from scaninbox.store.errors import (
    NoLocalAccountError,
    NotCachedError,
    StoreCorruptError,
    StoreError,
    StoreVersionError,
)
from scaninbox.store.events import (
    DownloadProgress,
    EngineState,
    FetchReport,
    PrefetchProgress,
    SyncListener,
    SyncReport,
)
from scaninbox.store.fetcher import FileFetcher
from scaninbox.store.filecache import CacheUsage, EvictionReport, FileCache
from scaninbox.store.offline import OfflineCounts, offline_counts
from scaninbox.store.queries import CaseFilter, CaseRow, SortKey, SortSpec
from scaninbox.store.records import MalformedRecord, StoredCase, StoredFile, SyncState
from scaninbox.store.sync import SyncEngine, SyncOptions
from scaninbox.store.writer import StoreWriter

__all__ = [
    "CUSTOM_ENVIRONMENT",
    "DEMO_ENVIRONMENT",
    "Account",
    "CacheUsage",
    "CaseFilter",
    "CaseList",
    "CaseRow",
    "CaseStore",
    "DownloadProgress",
    "EngineState",
    "EvictionReport",
    "FetchReport",
    "FileCache",
    "FileFetcher",
    "FileSpec",
    "MalformedRecord",
    "NoLocalAccountError",
    "NotCachedError",
    "OfflineCounts",
    "PrefetchProgress",
    "SortKey",
    "SortSpec",
    "StoreCorruptError",
    "StoreError",
    "StoreVersionError",
    "StoreWriter",
    "StoredCase",
    "StoredFile",
    "SyncEngine",
    "SyncListener",
    "SyncOptions",
    "SyncReport",
    "SyncState",
    "account_folder",
    "folder_size_bytes",
    "known_accounts",
    "last_account",
    "offline_counts",
    "remember_account",
    "remove_local_data",
    "resolve_account",
]
