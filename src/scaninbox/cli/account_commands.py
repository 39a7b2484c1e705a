"""``scaninbox login``, ``logout``, ``me`` and ``portals``: the account and its portals."""

from __future__ import annotations

import argparse

from scaninbox.cli.deferred import deferred

__all__ = ["register"]

_HANDLERS = "scaninbox.cli.account_handlers"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    login = subparsers.add_parser(
        "login",
        help="sign in and remember the session in the system keyring",
        description="Sign in to the inbox service. The session is remembered in the system "
        "keyring when there is one, so later commands need no password until it expires.",
    )
    login.set_defaults(handler=deferred(_HANDLERS, "run_login"))

    logout = subparsers.add_parser("logout", help="forget the remembered session")
    logout.set_defaults(handler=deferred(_HANDLERS, "run_logout"))

    me = subparsers.add_parser("me", help="show the signed-in account and its organisation")
    me.add_argument("--json", action="store_true", help="print the service's JSON")
    me.set_defaults(handler=deferred(_HANDLERS, "run_me"))

    portals = subparsers.add_parser("portals", help="list scanner portals")
    portals.add_argument(
        "--configured",
        action="store_true",
        help="the portal connections of your organisation (default: all portal types)",
    )
    portals.add_argument("--json", action="store_true", help="print the service's JSON")
    portals.set_defaults(handler=deferred(_HANDLERS, "run_portals"))
