"""A case reference as typed: a whole guid or id, or the beginning of a stored case's guid.

Every command taking a REF (``case``, ``download``, ``pin``, ``unpin``, ``qc``, ``render --case``)
reads it through `resolve_ref`: a beginning of at least six characters that only one case on
this computer starts with stands for that case; one that several start with is refused with
them listed (exit code 2), never guessed. Anything else is passed on as typed, for the service
to find or not.
"""

from __future__ import annotations

import os
import re

from scaninbox.cli.errors import EXIT_USAGE, CliError
from scaninbox.cli.options import GlobalOptions
from scaninbox.domain import CaseRef

__all__ = ["resolve_ref"]

_WHOLE_GUID = re.compile(r"[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")
_LISTED = 8


def resolve_ref(options: GlobalOptions, ref: CaseRef) -> CaseRef:
    """``ref``, or the one stored case whose guid begins with it; `CliError` when several do."""
    from scaninbox.store.ref_prefix import MIN_PREFIX

    if ref.numeric or len(ref.value) < MIN_PREFIX or _WHOLE_GUID.fullmatch(ref.value):
        return ref
    found = _stored_matches(options, ref.value)
    if len(found) <= 1:
        return found[0] if found else ref
    listed = ", ".join(str(r) for r in found[:_LISTED])
    more = " and more" if len(found) > _LISTED else ""
    raise CliError(
        f"{ref.value!r} is the beginning of several cases: {listed}{more}. "
        "Give more of the reference.",
        EXIT_USAGE,
    )


def _stored_matches(options: GlobalOptions, prefix: str) -> list[CaseRef]:
    from scaninbox.api import check_base_url
    from scaninbox.paths import app_paths
    from scaninbox.store import (
        CUSTOM_ENVIRONMENT,
        CaseStore,
        StoreError,
        account_folder,
        resolve_account,
    )
    from scaninbox.store.ref_prefix import refs_starting_with

    paths = app_paths()
    try:
        environment = options.target_environment
        custom = environment == CUSTOM_ENVIRONMENT
        account = resolve_account(
            paths,
            environment=None if custom else environment,
            base_url=check_base_url(options.base_url or "") if custom else None,
            email=os.environ.get("SCANINBOX_EMAIL", "").strip() or None,
        )
        with CaseStore.open(account_folder(paths, account)) as store:
            return refs_starting_with(store, prefix, limit=_LISTED + 1)
    except StoreError:  # no account on this computer yet, or its store unusable: as typed
        return []
