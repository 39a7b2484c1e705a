"""``scaninbox login``, ``logout``, ``me`` and ``portals`` at work (declared in
``account_commands``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import TypeVar

from pydantic import BaseModel

from scaninbox.api import make_http_client
from scaninbox.cli.account_commands import JsonOptions, PortalsOptions
from scaninbox.cli.deferred import NoOptions
from scaninbox.cli.options import GlobalOptions
from scaninbox.cli.output import (
    configured_portals_text,
    ios_portals_text,
    me_text,
    print_json,
    write_line,
)
from scaninbox.cli.session import api_client, forget_session, open_target, run_online, sign_in
from scaninbox.cli.text_layout import terminal_width
from scaninbox.domain import local_minute
from scaninbox.paths import app_paths
from scaninbox.settings import load_settings

__all__ = ["run_login", "run_logout", "run_me", "run_portals"]

_Portal = TypeVar("_Portal", bound=BaseModel)


def run_login(options: GlobalOptions, _command: NoOptions) -> int:
    settings = load_settings(app_paths())
    with open_target(options, settings) as target:

        async def work() -> tuple[str, str, bool]:
            async with make_http_client(ca_bundle=target.ca_bundle) as http:
                client = api_client(http, target, settings)
                account, session, remembered = await sign_in(client, target)
                return account.email, local_minute(session.expires_at), remembered

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


def run_logout(options: GlobalOptions, _command: NoOptions) -> int:
    with open_target(options) as target:
        forgotten = forget_session(target)
    write_line(
        "The remembered session was forgotten." if forgotten else "No session was remembered."
    )
    return 0


def run_me(options: GlobalOptions, command: JsonOptions) -> int:
    me = run_online(options, lambda client: client.me())
    if command.json:
        print_json(me.model_dump(mode="json", by_alias=True))
    else:
        write_line(me_text(me))
    return 0


def run_portals(options: GlobalOptions, command: PortalsOptions) -> int:
    if command.configured:
        configured = run_online(options, lambda client: client.configured_portals())
        return _show_portals(command.json, configured, configured_portals_text)
    return _show_portals(
        command.json, run_online(options, lambda client: client.ios_portals()), ios_portals_text
    )


def _show_portals(
    as_json: bool,
    portals: Sequence[_Portal],
    as_text: Callable[[Sequence[_Portal], int | None], str],
) -> int:
    if as_json:
        print_json([p.model_dump(mode="json", by_alias=True) for p in portals])
    else:
        write_line(as_text(portals, terminal_width()))
    return 0
