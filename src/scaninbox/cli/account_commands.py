"""``scaninbox login``, ``logout``, ``me`` and ``portals``: the account and its portals."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from scaninbox.cli.deferred import NoOptions, deferred

__all__ = ["JsonOptions", "PortalsOptions", "register"]

_HANDLERS = "scaninbox.cli.account_handlers"


@dataclass(frozen=True, slots=True, kw_only=True)
class JsonOptions:
    json: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> JsonOptions:
        return cls(json=bool(args.json))


@dataclass(frozen=True, slots=True, kw_only=True)
class PortalsOptions:
    configured: bool = False
    json: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> PortalsOptions:
        return cls(configured=bool(args.configured), json=bool(args.json))


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    login = subparsers.add_parser(
        "login",
        help="sign in and remember the session in the system keyring",
        description="Sign in to the inbox service. The session is remembered in the system "
        "keyring when there is one, so later commands need no password until it expires.",
    )
    login.set_defaults(handler=deferred(_HANDLERS, "run_login", NoOptions.from_args))

    logout = subparsers.add_parser("logout", help="forget the remembered session")
    logout.set_defaults(handler=deferred(_HANDLERS, "run_logout", NoOptions.from_args))

    me = subparsers.add_parser("me", help="show the signed-in account and its organisation")
    me.add_argument("--json", action="store_true", help="print the service's JSON")
    me.set_defaults(handler=deferred(_HANDLERS, "run_me", JsonOptions.from_args))

    portals = subparsers.add_parser("portals", help="list scanner portals")
    portals.add_argument(
        "--configured",
        action="store_true",
        help="the portal connections of your organisation (default: all portal types)",
    )
    portals.add_argument("--json", action="store_true", help="print the service's JSON")
    portals.set_defaults(handler=deferred(_HANDLERS, "run_portals", PortalsOptions.from_args))
