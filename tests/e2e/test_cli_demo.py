"""``scaninbox --demo COMMAND``: the demo service runs as the window runs it, a child process
(`scaninbox.demo_process`), for as long as the command, which signs in with the demo account."""

from __future__ import annotations

import json

from tests.e2e.conftest import CliRunner

from scaninbox.sandbox import DEMO_ACCOUNT


def test_a_demo_command_signs_in_to_the_demo_service_it_started(cli: CliRunner) -> None:
    run = cli("--demo", "me", "--json")
    assert run.code == 0, run.err
    assert json.loads(run.out)["email"] == DEMO_ACCOUNT.email
