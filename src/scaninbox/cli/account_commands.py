"""``scaninbox login``, ``logout``, ``me`` and ``portals``: the account and its portals."""

from __future__ import annotations

import argparse
import asyncio

from scaninbox.api import ApiClient, make_http_client
from scaninbox.cli.output import (
    configured_portals_text,
    ios_portals_text,
    me_text,
    print_json,
    write_line,
)
from scaninbox.cli.session import forget_session, open_target, run_online, sign_in
from scaninbox.cli.text_layout import local_time, terminal_width

__all__ = ["register"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    login = subparsers.add_parser(
        "login",
        help="sign in and remember the session in the system keyring",
        description="Sign in to the inbox service. The session is remembered in the system "
        "keyring when there is one, so later commands need no password until it expires.",
    )
    login.set_defaults(handler=_login)

    logout = subparsers.add_parser("logout", help="forget the remembered session")
    logout.set_defaults(handler=_logout)

    me = subparsers.add_parser("me", help="show the signed-in account and its organisation")
    me.add_argument("--json", action="store_true", help="print the service's JSON")
    me.set_defaults(handler=_me)

    portals = subparsers.add_parser("portals", help="list scanner portals")
    portals.add_argument(
        "--configured",
        action="store_true",
        help="the portal connections of your organisation (default: all portal types)",
    )
    portals.add_argument("--json", action="store_true", help="print the service's JSON")
    portals.set_defaults(handler=_portals)


def _login(args: argparse.Namespace) -> int:
    with open_target(args) as target:

        async def work() -> tuple[str, str, bool]:
            async with make_http_client(ca_bundle=target.ca_bundle) as http:
                client = ApiClient(http, target.base_url)
                email, session, remembered = await sign_in(client, target)
                return email, local_time(session.expires_at), remembered

        email, until, remembered = asyncio.run(work())
        write_line(f"Signed in to {target.base_url} as {email}; the session lasts until {until}.")
        if not target.remembers_sessions:
            write_line("The demo session is not remembered.")
        elif remembered:
            write_line("The session is remembered in the system keyring.")
        else:
            write_line(
                "No system keyring is available, so the session is not remembered; "
                "other commands will sign in again."
            )
    return 0


def _logout(args: argparse.Namespace) -> int:
    with open_target(args) as target:
        forgotten = forget_session(target)
    write_line(
        "The remembered session was forgotten." if forgotten else "No session was remembered."
    )
    return 0


def _me(args: argparse.Namespace) -> int:
    me = run_online(args, lambda client: client.me())
    if args.json:
        print_json(me.model_dump(mode="json", by_alias=True))
    else:
        write_line(me_text(me))
    return 0


def _portals(args: argparse.Namespace) -> int:
    if args.configured:
        configured = run_online(args, lambda client: client.configured_portals())
        if args.json:
            print_json([p.model_dump(mode="json", by_alias=True) for p in configured])
        else:
            write_line(configured_portals_text(configured, terminal_width()))
        return 0
    portals = run_online(args, lambda client: client.ios_portals())
    if args.json:
        print_json([p.model_dump(mode="json", by_alias=True) for p in portals])
    else:
        write_line(ios_portals_text(portals, terminal_width()))
    return 0
