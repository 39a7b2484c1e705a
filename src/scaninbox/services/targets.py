"""Which service to open an account on: a named environment, a custom address, or the demo.

One definition for both front-ends. The command line picks a target from ``--env``,
``--base-url`` or ``--demo``; the sign-in dialog offers ``target_choices``. The environment
names ``demo`` and ``custom`` are the account index's (``scaninbox.store.accounts``), because
they decide where an account's local data is filed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from scaninbox.api import check_base_url
from scaninbox.language import translate
from scaninbox.settings import Settings
from scaninbox.store import CUSTOM_ENVIRONMENT, DEMO_ENVIRONMENT, Account

__all__ = [
    "CUSTOM",
    "DEMO",
    "Target",
    "TargetChoice",
    "TargetError",
    "choose_environment",
    "named_target",
    "target_choices",
]

DEMO = DEMO_ENVIRONMENT
CUSTOM = CUSTOM_ENVIRONMENT


class TargetError(ValueError):
    """The chosen service cannot be used as given; the message says what to do."""


@dataclass(frozen=True, slots=True)
class Target:
    """A service to sign in to. ``base_url`` is None for the demo until its sandbox runs."""

    environment: str  # production, staging, … (settings), "custom" or "demo"
    label: str = ""
    base_url: str | None = None
    ca_bundle: Path | None = None

    @property
    def is_demo(self) -> bool:
        return self.environment == DEMO

    @property
    def remembers_sessions(self) -> bool:
        # The demo sandbox gets a new port and a new signing key each start.
        return not self.is_demo

    def at(self, base_url: str) -> Target:
        """The same target at ``base_url`` (the demo once its sandbox listens)."""
        return replace(self, base_url=base_url)

    def account(self, email: str) -> Account:
        """The account ``email`` has on this target (which names its local data)."""
        if self.base_url is None:
            raise TargetError(translate("Targets", "Enter the address of the inbox service."))
        return Account(self.environment, self.base_url, email)


@dataclass(frozen=True, slots=True)
class TargetChoice:
    """One entry of the environment list."""

    environment: str
    label: str
    base_url: str | None
    enabled: bool
    tooltip: str


def choose_environment(*, demo: bool, environment: str | None, base_url: str | None) -> str | None:
    """The environment named by the options: demo, a settings name, custom, or none."""
    if demo:
        return DEMO
    if environment:
        return environment
    return CUSTOM if base_url else None


def named_target(
    settings: Settings, settings_file: Path, *, environment: str | None, base_url: str | None
) -> Target:
    """The non-demo target the options name; ``TargetError`` when it names none or no address."""
    if environment is None:
        raise TargetError(
            translate(
                "Targets",
                "Which inbox service? Use --base-url URL (or SCANINBOX_BASE_URL), --env NAME, "
                "or --demo for the built-in demo.",
            )
        )
    if environment == CUSTOM:
        if not base_url:
            raise TargetError(translate("Targets", "Enter the address of the inbox service."))
        url = check_base_url(base_url)
        return Target(environment=CUSTOM, base_url=url, label=url, ca_bundle=settings.ca_bundle)
    named = settings.environment(environment)
    if named.base_url is None:
        raise TargetError(
            translate(
                "Targets",
                "The {label} environment has no address yet: set "
                "environments.{name}.base_url in {file} or {variable}.",
            ).format(
                label=named.label,
                name=environment,
                file=settings_file,
                variable=f"SCANINBOX_{environment.upper()}_URL",
            )
        )
    return Target(
        environment=environment,
        base_url=check_base_url(named.base_url),
        label=named.label,
        ca_bundle=settings.ca_bundle,
    )


def target_choices(settings: Settings, settings_file: Path) -> list[TargetChoice]:
    """Named environments from the settings, then "Custom URL…" and "Demo"."""
    choices = []
    for name, environment in settings.environments.items():
        if environment.base_url:
            tooltip = environment.base_url
        else:
            tooltip = translate(
                "Targets",
                "Not configured yet: set environments.{name}.base_url in {file}, "
                "or the environment variable {variable}.",
            ).format(name=name, file=settings_file, variable=f"SCANINBOX_{name.upper()}_URL")
        choices.append(
            TargetChoice(
                name, environment.label, environment.base_url, bool(environment.base_url), tooltip
            )
        )
    choices.append(
        TargetChoice(
            CUSTOM,
            translate("Targets", "Custom URL"),
            None,
            True,
            translate("Targets", "Any inbox service address (https://…)"),
        )
    )
    choices.append(
        TargetChoice(
            DEMO,
            translate("Targets", "Demo"),
            None,
            True,
            translate(
                "Targets", "The built-in demo service with made-up cases, started on this computer"
            ),
        )
    )
    return choices
