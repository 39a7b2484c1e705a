"""Which service the sign-in dialog can connect to: the named environments, a custom address,
and the built-in demo. Plain Python; the dialog shows these as a list.

Production and staging have no built-in address (the specification names them but not where
they are): until the settings give one, they are listed but cannot be chosen, and say how to
configure them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from scaninbox.settings import Settings

__all__ = ["CUSTOM", "DEMO", "SignInTarget", "TargetChoice", "target_choices"]

DEMO = "demo"
CUSTOM = "custom"


@dataclass(frozen=True, slots=True)
class SignInTarget:
    """A service to sign in to. ``base_url`` is None for the demo until its sandbox runs."""

    environment: str  # production, staging, … (settings), "custom" or "demo"
    label: str
    base_url: str | None
    ca_bundle: Path | None = None

    @property
    def is_demo(self) -> bool:
        return self.environment == DEMO


@dataclass(frozen=True, slots=True)
class TargetChoice:
    """One entry of the environment list."""

    environment: str
    label: str
    base_url: str | None
    enabled: bool
    tooltip: str


def target_choices(settings: Settings, settings_file: Path) -> list[TargetChoice]:
    """Named environments from the settings, then "Custom URL…" and "Demo"."""
    choices = []
    for name, environment in settings.environments.items():
        if environment.base_url:
            tooltip = environment.base_url
        else:
            tooltip = (
                f"Not configured yet: set environments.{name}.base_url in {settings_file}, "
                f"or the environment variable SCANINBOX_{name.upper()}_URL."
            )
        choices.append(
            TargetChoice(
                name, environment.label, environment.base_url, bool(environment.base_url), tooltip
            )
        )
    choices.append(
        TargetChoice(CUSTOM, "Custom URL", None, True, "Any inbox service address (https://…)")
    )
    choices.append(
        TargetChoice(
            DEMO,
            "Demo",
            None,
            True,
            "The built-in demo service with made-up cases, started on this computer",
        )
    )
    return choices
