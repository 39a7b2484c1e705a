"""``scaninbox sync``, ``pin`` / ``unpin`` and ``cache …`` at work (declared in
``store_commands``, whose docstring says which need the service).
"""

from __future__ import annotations

from scaninbox.cli.deferred import NoOptions
from scaninbox.cli.errors import EXIT_NOT_FOUND, EXIT_OTHER, EXIT_USAGE, CliError
from scaninbox.cli.local_store import open_local_store, run_with_store
from scaninbox.cli.options import GlobalOptions
from scaninbox.cli.output import print_json, write_error, write_line
from scaninbox.cli.ref_lookup import resolve_ref
from scaninbox.cli.store_commands import JsonOptions, PruneOptions, RefOptions, SyncCommandOptions
from scaninbox.cli.store_output import cache_info_json, cache_info_text, sync_json, sync_text
from scaninbox.cli.text_layout import clean
from scaninbox.domain import format_size
from scaninbox.paths import app_paths
from scaninbox.store import (
    FetchReport,
    NoLocalAccountError,
    SyncEngine,
    offline_counts,
    remove_local_data,
)

__all__ = [
    "run_cache_clear",
    "run_cache_info",
    "run_cache_prune",
    "run_pin",
    "run_sync",
    "run_unpin",
]


# ------------------------------------------------------------------ commands


def run_sync(options: GlobalOptions, command: SyncCommandOptions) -> int:
    if options.offline:
        raise CliError("sync needs the service; it cannot run with --offline.", EXIT_USAGE)

    async def work(engine: SyncEngine) -> int:
        report = await engine.sync_now(full=command.full, date_from=command.date_from)
        # --from DATE --with-files: every file of every case since DATE (up to the cache limit).
        files = await engine.prefetch(since=command.date_from) if command.with_files else None
        malformed = engine.store.malformed()
        import asyncio

        from scaninbox.cli.lab_handlers import lab_for_sync  # the lab hub's events too

        lab = await asyncio.to_thread(lab_for_sync, engine.store)
        if command.json:
            print_json(
                sync_json(report, files, malformed, offline_counts(engine.store))
                | ({"lab": lab[1]} if lab else {})
            )
        else:
            write_line(sync_text(report, files, malformed, engine.store))
            for line in lab[0] if lab else []:
                write_line(line)
        if files is not None and files.failed:  # asked for files and did not get them all
            count = len(files.failed)
            write_error(
                f"{count} file{'s' if count != 1 else ''} could not be fetched; "
                "the cases themselves are synced."
            )
            return EXIT_OTHER
        return 0

    return run_with_store(options, work, progress=not command.json)


def run_pin(options: GlobalOptions, command: RefOptions) -> int:
    ref = resolve_ref(options, command.ref)
    if options.offline:
        with open_local_store(options) as local:
            if not local.store.set_pinned(ref, True):
                raise CliError(f"Case {ref} is not stored on this computer.", EXIT_NOT_FOUND)
        write_line(f"Case {ref} is pinned; its files are fetched at the next online sync.")
        return 0

    async def work(engine: SyncEngine) -> FetchReport:
        await engine.refresh_case(ref)  # the newest file list, and the case if never synced
        return await engine.set_pinned(ref, True)

    report = run_with_store(options, work)
    for _case, spec, path in report.fetched:
        write_line(f"{clean(spec)}  ({format_size(path.stat().st_size)})")
    write_line(
        f"Case {ref} is kept available offline: {len(report.fetched)} file(s) fetched, "
        f"{report.already_cached} already here."
    )
    if report.failed:
        for _case, spec, reason in report.failed:
            write_error(f"Could not fetch {clean(spec)}: {clean(reason)}")
        raise CliError(f"{len(report.failed)} file(s) of case {ref} could not be fetched.")
    return 0


def run_unpin(options: GlobalOptions, command: RefOptions) -> int:
    ref = resolve_ref(options, command.ref)
    with open_local_store(options) as local:
        if not local.store.set_pinned(ref, False):
            raise CliError(f"Case {ref} is not stored on this computer.", EXIT_NOT_FOUND)
    write_line(f"Case {ref} is no longer pinned; its files may be evicted when space is needed.")
    return 0


def run_cache_info(options: GlobalOptions, command: JsonOptions) -> int:
    with open_local_store(options) as local:
        if command.json:
            print_json(cache_info_json(local.account, local.store, local.cache))
        else:
            write_line(cache_info_text(local.account, local.store, local.cache))
    return 0


def run_cache_prune(options: GlobalOptions, command: PruneOptions) -> int:
    with open_local_store(options) as local:
        before = local.cache.usage()
        report = local.cache.evict(command.limit)
        local.cache.collect_garbage()
    limit = command.limit if command.limit is not None else before.limit_bytes
    write_line(
        f"Evicted {report.files_removed} file(s), {format_size(report.bytes_freed)} freed; "
        f"limit {format_size(limit)}."
    )
    if report.over_limit_bytes:
        write_line(
            f"Pinned cases keep {format_size(report.over_limit_bytes)} above the limit "
            "(`scaninbox unpin REF` lets them go)."
        )
    return 0


def run_cache_clear(options: GlobalOptions, _command: NoOptions) -> int:
    try:
        with open_local_store(options) as local:
            account = local.account
    except NoLocalAccountError:
        write_line("There is no local data to remove.")
        return 0
    freed = remove_local_data(app_paths(), account)
    write_line(f"Removed the local data of {account.email} ({format_size(freed)}).")
    return 0
