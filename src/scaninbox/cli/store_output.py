"""How the store commands put things into words (and JSON), and their progress line.

Kept apart from the commands so the same sentences serve ``sync``, ``cache info`` and the
offline variants of ``cases``/``case``/``download``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, TextIO

from scaninbox.cli.text_layout import Progress, clean
from scaninbox.domain import CaseRef, format_size, local_minute
from scaninbox.store import (
    Account,
    CaseStore,
    DownloadProgress,
    FetchReport,
    FileCache,
    MalformedRecord,
    OfflineCounts,
    PrefetchProgress,
    SyncListener,
    SyncReport,
    folder_size_bytes,
    offline_counts,
)

__all__ = [
    "ProgressListener",
    "cache_info_json",
    "cache_info_text",
    "malformed_lines",
    "sync_json",
    "sync_text",
]

_LISTED = 20  # refs listed by name in text output before "and N more"


class ProgressListener(SyncListener):
    """Sync and download progress on one self-overwriting stderr line (terminals only):
    during a prefetch the files done of all and the bytes so far, then the file on its way."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self._line = Progress(stream)
        self._files = ""  # the prefetch's tally while one runs

    def on_sync_progress(self, pages: int, cases: int, server_total: int) -> None:
        self._line.show(f"Syncing: {cases} of {server_total} cases…")

    def on_sync_finished(self, report: SyncReport) -> None:
        self._line.done()

    def on_prefetch_progress(self, progress: PrefetchProgress) -> None:
        if progress.finished:
            self._files = ""
            self._line.done()
            return
        self._files = (
            f"Files: {progress.files_done:,} of {progress.files_total:,}, "
            f"{format_size(progress.bytes_done)}"
        )
        self._line.show(self._files)

    def on_download_progress(self, progress: DownloadProgress) -> None:
        total = f" of {format_size(progress.total_bytes)}" if progress.total_bytes else ""
        file = f"{progress.file.name}: {format_size(progress.done_bytes)}{total}"
        self._line.show(f"{self._files} · {file}" if self._files else file)

    def on_file_ready(self, ref: CaseRef, file: object, path: object) -> None:
        if self._files:
            self._line.show(self._files)
        else:
            self._line.done()


def sync_text(
    report: SyncReport,
    files: FetchReport | None,
    malformed: Sequence[MalformedRecord],
    store: CaseStore,
) -> str:
    kind = "full reconcile" if report.full else f"incremental from {report.date_from or 'start'}"
    resumed = ", resumed" if report.resumed else ""
    lines = [
        f"Synced {report.server_total} listed cases ({kind}{resumed}, "
        f"{report.pages} page{'s' if report.pages != 1 else ''}, "
        f"{report.duration_s:.1f} s): {len(report.new)} new, {len(report.changed)} changed, "
        f"{len(report.removed)} no longer listed."
    ]
    if report.initial:
        lines.append(f"First sync of this account: {store.count()} cases stored on this computer.")
    else:
        for label, refs in (("New", report.new), ("Changed", report.changed)):
            lines += _case_lines(label, refs, store)
    if report.removed:
        lines.append("No longer listed: " + _refs_text(report.removed))
    lines += malformed_lines(malformed)
    if files is not None:
        size = sum(path.stat().st_size for _r, _s, path in files.fetched if path.exists())
        lines.append(
            f"Files: {len(files.fetched)} downloaded ({format_size(size)}), "
            f"{files.already_cached} already here, {len(files.failed)} failed."
        )
        lines += [
            f"  could not fetch {clean(spec)} of case {ref}: {why}"
            for ref, spec, why in files.failed
        ]
        if files.disk_full:
            lines.append(
                "The disk is full, so fetching files stopped there: free some disk space (or "
                "lower the offline cache limit) and sync again."
            )
        if files.left_out:
            noun = "case" if files.left_out == 1 else "cases"
            lines.append(
                f"The files of {files.left_out} more {noun} did not fit under the offline cache "
                "limit (settings: [cache] limit_gb)."
            )
    lines.append(str(offline_counts(store)))  # exactly what is here, never more
    return "\n".join(lines)


def sync_json(
    report: SyncReport,
    files: FetchReport | None,
    malformed: Sequence[MalformedRecord],
    offline: OfflineCounts | None = None,
) -> dict[str, Any]:
    return {
        "full": report.full,
        "initial": report.initial,
        "resumed": report.resumed,
        "dateFrom": report.date_from.isoformat() if report.date_from else None,
        "serverTotal": report.server_total,
        "pages": report.pages,
        "durationS": round(report.duration_s, 3),
        "new": [str(r) for r in report.new],
        "changed": [str(r) for r in report.changed],
        "removed": [str(r) for r in report.removed],
        "malformed": [{"ref": m.ref, "field": m.field, "reason": m.reason} for m in malformed],
        "availableOffline": None
        if offline is None
        else {"cases": offline.listed, "withEveryFile": offline.complete},
        "files": None
        if files is None
        else {
            "downloaded": [
                {
                    "ref": str(r),
                    "file": s.name,
                    "fileType": s.file_type or None,
                    "kind": s.kind.value,
                }
                for r, s, _p in files.fetched
            ],
            "alreadyCached": files.already_cached,
            "leftOut": files.left_out,
            "diskFull": files.disk_full,
            "failed": [
                {"ref": str(r), "file": s.name, "reason": why} for r, s, why in files.failed
            ],
        },
    }


def malformed_lines(malformed: Sequence[MalformedRecord]) -> list[str]:
    if not malformed:
        return []
    noun = "case" if len(malformed) == 1 else "cases"
    return [f"{len(malformed)} {noun} could not be read:"] + [f"  {clean(m)}" for m in malformed]


def cache_info_json(account: Account, store: CaseStore, cache: FileCache) -> dict[str, Any]:
    usage = cache.usage()
    shown, hidden = store.case_counts()
    state = store.sync_state()
    folder = store.folder
    return {
        "account": {"email": account.email, "baseUrl": account.base_url,
                    "environment": account.environment},
        "folder": str(folder),
        "databaseBytes": folder_size_bytes(folder) - usage.total_bytes,
        "cases": shown,
        "noLongerListed": hidden,
        "unread": store.unread_count(),
        "malformed": len(store.malformed()),
        "files": {"count": usage.file_count, "bytes": usage.total_bytes,
                  "pinnedBytes": usage.pinned_bytes, "limitBytes": usage.limit_bytes,
                  "cases": usage.case_count},
        "lastSync": _iso(state.last_success_at),
        "lastFullSync": _iso(state.last_full_at),
        "syncUnfinished": state.cursor is not None,
    }  # fmt: skip


def cache_info_text(account: Account, store: CaseStore, cache: FileCache) -> str:
    info = cache_info_json(account, store, cache)
    state = store.sync_state()
    files = info["files"]
    lines = [
        f"Account: {account.email} on {account.base_url} ({account.environment})",
        f"Local data: {info['folder']}",
        f"Cases: {info['cases']} ({info['unread']} unread; {info['noLongerListed']} no longer "
        f"listed, kept hidden)",
        f"Files: {files['count']} cached for {files['cases']} cases, "
        f"{format_size(files['bytes'])} of a {format_size(files['limitBytes'])} limit "
        f"({format_size(files['pinnedBytes'])} kept for pinned cases)",
        f"Database: {format_size(info['databaseBytes'])}",
        f"Last sync: {_local(state.last_success_at)}; last full reconcile: "
        f"{_local(state.last_full_at)}"
        + (" (a sync was interrupted; the next one resumes it)" if info["syncUnfinished"] else ""),
    ]
    return "\n".join(lines + malformed_lines(store.malformed()))


def _case_lines(label: str, refs: Sequence[CaseRef], store: CaseStore) -> list[str]:
    if not refs:
        return []
    lines = [f"{label}:"]
    for ref in refs[:_LISTED]:
        row = store.row(ref)
        who = " · ".join(clean(t) for t in (row.patient, row.dentist) if t) if row else ""
        status = f" [{row.status}]" if row and row.status else ""
        lines.append(f"  {ref}  {who}{status}")
    if len(refs) > _LISTED:
        lines.append(f"  … and {len(refs) - _LISTED} more")
    return lines


def _refs_text(refs: Sequence[CaseRef]) -> str:
    shown = ", ".join(str(r) for r in refs[:_LISTED])
    return shown + (f" … and {len(refs) - _LISTED} more" if len(refs) > _LISTED else "")


def _local(moment: datetime | None) -> str:
    return local_minute(moment) if moment else "never"


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat(timespec="seconds") if moment else None
