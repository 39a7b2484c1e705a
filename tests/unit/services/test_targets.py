"""One definition of the services an account can be opened on, for both front-ends."""

from __future__ import annotations

from pathlib import Path

import pytest

from scaninbox.paths import app_paths
from scaninbox.services import (
    CUSTOM,
    DEMO,
    Target,
    TargetError,
    choose_environment,
    named_target,
    target_choices,
)
from scaninbox.settings import load_settings
from scaninbox.store import CUSTOM_ENVIRONMENT, DEMO_ENVIRONMENT


def test_the_demo_and_custom_names_are_the_account_index_names() -> None:
    # The window and the command line file the demo's data in the same folder only if they
    # agree with the index on these two names.
    assert (DEMO, CUSTOM) == (DEMO_ENVIRONMENT, CUSTOM_ENVIRONMENT)
    from scaninbox.qt.signin import CUSTOM as DIALOG_CUSTOM
    from scaninbox.qt.signin import DEMO as DIALOG_DEMO
    from scaninbox.qt.signin import SignInTarget

    assert (DIALOG_DEMO, DIALOG_CUSTOM) == (DEMO, CUSTOM)
    assert SignInTarget is Target


@pytest.mark.parametrize(
    ("demo", "environment", "base_url", "expected"),
    [
        (True, None, None, DEMO),
        (False, "staging", None, "staging"),
        (False, None, "https://inbox.example", CUSTOM),
        (False, None, None, None),
    ],
)
def test_the_options_name_one_environment(
    demo: bool, environment: str | None, base_url: str | None, expected: str | None
) -> None:
    assert choose_environment(demo=demo, environment=environment, base_url=base_url) == expected


def test_a_named_target_needs_an_address(monkeypatch: pytest.MonkeyPatch) -> None:
    paths = app_paths()
    settings = load_settings(paths)
    with pytest.raises(TargetError, match="Which inbox service"):
        named_target(settings, paths.settings_file, environment=None, base_url=None)
    with pytest.raises(TargetError, match=r"environments\.staging\.base_url"):
        named_target(settings, paths.settings_file, environment="staging", base_url=None)
    monkeypatch.setenv("SCANINBOX_STAGING_URL", "https://staging.example/")
    staging = named_target(
        load_settings(paths), paths.settings_file, environment="staging", base_url=None
    )
    assert staging.base_url == "https://staging.example"
    assert staging.account("ana@lab.example").environment == "staging"
    custom = named_target(
        settings, paths.settings_file, environment=CUSTOM, base_url="https://inbox.example/"
    )
    assert (custom.environment, custom.base_url) == (CUSTOM, "https://inbox.example")
    assert custom.remembers_sessions


def test_the_demo_target_remembers_no_session_and_gets_its_address_late() -> None:
    demo = Target(DEMO, "Demo")
    assert demo.is_demo
    assert not demo.remembers_sessions
    with pytest.raises(TargetError):
        demo.account("demo@scaninbox.test")
    assert demo.at("http://127.0.0.1:1234").account("x@y").base_url == "http://127.0.0.1:1234"


def test_the_dialog_lists_named_environments_then_custom_then_demo(tmp_path: Path) -> None:
    paths = app_paths()
    choices = target_choices(load_settings(paths), paths.settings_file)
    assert [c.environment for c in choices][-2:] == [CUSTOM, DEMO]
    unset = [c for c in choices if c.environment not in (CUSTOM, DEMO)]
    assert unset
    assert all(not c.enabled and str(paths.settings_file) in c.tooltip for c in unset)
