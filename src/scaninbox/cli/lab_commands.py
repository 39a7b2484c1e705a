"""``scaninbox lab init|status|login|history|note`` and ``claim`` / ``release``: the lab hub.

Declares the arguments; ``scaninbox.cli.lab_handlers`` does the work. The hub is named by
``SCANINBOX_LAB_URL`` or ``[lab] url`` in settings.toml (docs/lab-hub.md); these commands work
on the local store of the account the command line names (as ``--offline`` commands do) and
never need the inbox service.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scaninbox.cli.arguments import case_ref
from scaninbox.cli.deferred import NoOptions, deferred

if TYPE_CHECKING:
    from scaninbox.domain import CaseRef

__all__ = ["LabInitOptions", "LabRefOptions", "LabStatusOptions", "NoteOptions", "register"]

_HANDLERS = "scaninbox.cli.lab_handlers"


@dataclass(frozen=True, slots=True, kw_only=True)
class LabInitOptions:
    admit: tuple[str, ...] = ()

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> LabInitOptions:
        return cls(admit=tuple(args.admit or ()))


@dataclass(frozen=True, slots=True, kw_only=True)
class LabStatusOptions:
    json: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> LabStatusOptions:
        return cls(json=bool(args.json))


@dataclass(frozen=True, slots=True, kw_only=True)
class LabRefOptions:
    ref: CaseRef
    json: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> LabRefOptions:
        return cls(ref=case_ref(args.ref), json=bool(getattr(args, "json", False)))


@dataclass(frozen=True, slots=True, kw_only=True)
class NoteOptions:
    ref: CaseRef
    text: str

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> NoteOptions:
        return cls(ref=case_ref(args.ref), text=str(args.text))


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    lab = subparsers.add_parser(
        "lab",
        help="the lab hub: decisions, claims and notes shared between workstations",
        description=(
            "The lab hub is a PostgreSQL database the lab's workstations share (SCANINBOX_LAB_URL "
            "or [lab] url in settings.toml; see docs/lab-hub.md)."
        ),
    )
    commands = lab.add_subparsers(dest="lab_command", metavar="LAB_COMMAND", required=True)

    init = commands.add_parser(
        "init",
        help="create or upgrade the hub's schema (safe to run again)",
        description=(
            "Create or upgrade the hub's schema (run with the role that owns the database), and "
            "admit that role — and each --admit ROLE — for the signed-in account's laboratory."
        ),
    )
    init.add_argument(
        "--admit",
        action="append",
        metavar="ROLE",
        help="a PostgreSQL role of a workstation to admit for your laboratory (repeatable)",
    )
    init.set_defaults(handler=deferred(_HANDLERS, "run_init", LabInitOptions.from_args))

    status = commands.add_parser(
        "status",
        help="is the hub reachable, its version, what waits to be sent (exit 5: unreachable)",
    )
    status.add_argument("--json", action="store_true", help="print one JSON object")
    status.set_defaults(handler=deferred(_HANDLERS, "run_status", LabStatusOptions.from_args))

    login = commands.add_parser(
        "login",
        help="keep the hub's password in the system keyring (SCANINBOX_LAB_PASSWORD or asked)",
    )
    login.set_defaults(handler=deferred(_HANDLERS, "run_login", NoOptions.from_args))

    history = commands.add_parser("history", help="who did what to a case, and when")
    history.add_argument("ref", metavar="REF", help="case guid or numeric id")
    history.add_argument("--json", action="store_true", help="a JSON list of events")
    history.set_defaults(handler=deferred(_HANDLERS, "run_history", LabRefOptions.from_args))

    note = commands.add_parser("note", help="add a note to a case for the whole lab")
    note.add_argument("ref", metavar="REF", help="case guid or numeric id")
    note.add_argument("text", metavar="TEXT", help="the note")
    note.set_defaults(handler=deferred(_HANDLERS, "run_note", NoteOptions.from_args))

    claim = subparsers.add_parser(
        "claim",
        help="take a case to work on (exits 1 naming the holder when someone else has it)",
        description=(
            "Claim a case in the lab hub: one holder at a time. A claim older than the hub's "
            "stale limit is taken over with a warning naming its holder. Made while the hub "
            "cannot be reached, the claim is provisional and may be refused when it is sent."
        ),
    )
    claim.add_argument("ref", metavar="REF", help="case guid or numeric id")
    claim.set_defaults(handler=deferred(_HANDLERS, "run_claim", LabRefOptions.from_args))

    release = subparsers.add_parser("release", help="give a claimed case back")
    release.add_argument("ref", metavar="REF", help="case guid or numeric id")
    release.set_defaults(handler=deferred(_HANDLERS, "run_release", LabRefOptions.from_args))
