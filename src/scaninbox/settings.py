"""Typed settings, read from ``settings.toml`` in the config directory.

The file is optional and edited by people (or shipped by an installer); the program never writes
secrets to it. Example::

    [environments.production]
    base_url = "https://inbox.example.com"

    [environments.staging]
    base_url = "https://staging.inbox.example.com"

    [network]
    ca_bundle = "/etc/ssl/certs/lab-proxy.pem"   # extra trusted CA; TLS is always verified
    request_deadline_s = 90        # one question to the service, retries included
    max_answer_mb = 16             # the largest answer of the service that is read
    max_download_mb = 1024         # the largest file taken when storage does not say its size
    min_download_kb_per_s = 16     # a download's least average pace after its first 30 s

    [download]
    folder_template = "{date}_{patient}_{external_id}"   # one folder per case (see README)

    [cache]
    limit_gb = 5

    [sync]
    interval_s = 120
    full_reconcile_every = 30    # every Nth sync is a full reconcile
    prefetch_days = 7            # download files of cases received in the last N days (0: off)
    parallel_downloads = 3

    [viewer]
    upper_colour = "#e8dcc4"
    lower_colour = "#b9d3e8"
    bite_colour = "#e0a3a3"
    upper_before_preparation_colour = "#d7c4e8"   # the scan taken before the preparation
    lower_before_preparation_colour = "#bfe3c6"
    inside_colour = "#8a5a9e"     # the back of a scan's surface: holes show in it

    [ui]
    language = "de"               # "de", "en" or "system" (the default: the system's language)

    [qc]
    background = true             # check cases as their scans arrive (false: only in the QC tab)

    [lab]
    url = "postgresql://smith_lab@labserver.example/scaninbox"   # the lab hub (docs/lab-hub.md);
                                  # no password here: `scaninbox lab login` keeps it in the keyring

The service's specification names a production and a staging environment but not their
addresses, so neither has a built-in URL: until one is configured here (or through
``SCANINBOX_PRODUCTION_URL`` / ``SCANINBOX_STAGING_URL``) choosing it says so plainly.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scaninbox.language import os_reason, translate
from scaninbox.paths import AppPaths

__all__ = [
    "DEFAULT_JAW_COLOURS",
    "UI_LANGUAGES",
    "Environment",
    "Settings",
    "SettingsError",
    "load_settings",
]

GB = 1024**3
MB = 1024**2
DEFAULT_JAW_COLOURS: Mapping[str, str] = {
    "upper": "#e8dcc4",  # warm ivory
    "lower": "#b9d3e8",  # soft blue
    "bite": "#e0a3a3",  # muted rose
    # Before preparation: shown over the prepared arch, so a colour of its own, not a shade.
    "upper_before_preparation": "#d7c4e8",  # lavender
    "lower_before_preparation": "#bfe3c6",  # mint
    # The inside (back faces) of every scan: a hue no jaw has, so holes stand out.
    "inside": "#8a5a9e",  # plum
}
# The same default as ``scaninbox.api.case_folder`` (not imported: settings load before the API).
DEFAULT_FOLDER_TEMPLATE = "{date}_{patient}_{external_id}"
UI_LANGUAGES = ("system", "de", "en")  # the window's languages (scaninbox.language.catalogs)
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


class SettingsError(Exception):
    """The settings file cannot be used; the message says which entry and why."""


@dataclass(frozen=True, slots=True)
class Environment:
    """A named service environment. ``base_url`` is None while it is not configured."""

    name: str
    label: str
    base_url: str | None


@dataclass(frozen=True, slots=True)
class Settings:
    environments: Mapping[str, Environment] = field(
        default_factory=lambda: {
            "production": Environment("production", "Production", None),
            "staging": Environment("staging", "Staging", None),
        }
    )
    ca_bundle: Path | None = None
    cache_limit_bytes: int = 5 * GB
    sync_interval_s: float = 120.0
    full_reconcile_every: int = 30
    prefetch_days: int = 7
    parallel_downloads: int = 3
    request_deadline_s: float = 90.0
    max_answer_bytes: int = 16 * MB
    max_download_bytes: int = 1024 * MB
    min_download_bytes_per_s: float = 16 * 1024
    download_folder_template: str = DEFAULT_FOLDER_TEMPLATE
    jaw_colours: Mapping[str, str] = field(default_factory=lambda: dict(DEFAULT_JAW_COLOURS))
    qc_background: bool = True
    lab_url: str | None = None  # the lab hub (``scaninbox.lab``); SCANINBOX_LAB_URL wins
    ui_language: str | None = None  # "de" / "en"; None: the system's (``[ui] language``)

    def environment(self, name: str) -> Environment:
        try:
            return self.environments[name]
        except KeyError:
            known = ", ".join(sorted(self.environments))
            raise SettingsError(
                translate("SettingsError", "Unknown environment {name}; known: {known}.").format(
                    name=repr(name), known=known
                )
            ) from None


def load_settings(paths: AppPaths, env: Mapping[str, str] | None = None) -> Settings:
    """Read the settings file (absent means defaults) and the environment overrides."""
    environ = os.environ if env is None else env
    raw: dict[str, Any] = {}
    if paths.settings_file.exists():
        # Here, not at the top: the drawing code and every command read this module for its
        # defaults, and only a settings file needs the TOML parser (imports worth sparing).
        import tomllib

        try:
            raw = tomllib.loads(paths.settings_file.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise SettingsError(
                translate("SettingsError", "Cannot read {path}: {reason}").format(
                    path=paths.settings_file,
                    reason=os_reason(exc) if isinstance(exc, OSError) else exc,
                )
            ) from exc
    return _parse(raw, environ, paths.settings_file)


def _parse(raw: Mapping[str, Any], environ: Mapping[str, str], source: Path) -> Settings:
    def table(name: str) -> Mapping[str, Any]:
        value = raw.get(name, {})
        if not isinstance(value, dict):
            raise SettingsError(
                translate("SettingsError", "{source}: [{name}] must be a table.").format(
                    source=source, name=name
                )
            )
        return value

    def number(
        section: Mapping[str, Any], key: str, default: float, minimum: float, maximum: float
    ) -> float:
        value = section.get(key, default)
        # `not minimum <= value <= maximum` also refuses nan; inf (1e400 in TOML) is too large.
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise SettingsError(
                translate("SettingsError", "{source}: {key} must be a number ≥ {minimum}.").format(
                    source=source, key=key, minimum=minimum
                )
            )
        if not minimum <= value <= maximum:
            raise SettingsError(
                translate(
                    "SettingsError",
                    "{source}: {key} must be a number from {low} to {high}, not {value}.",
                ).format(
                    source=source,
                    key=key,
                    low=f"{minimum:g}",
                    high=f"{maximum:g}",
                    value=repr(value),
                )
            )
        return float(value)

    def limit(
        section: Mapping[str, Any], key: str, default: float, low: float, high: float
    ) -> float:
        """A network limit: a number between ``low`` and ``high`` (nan and inf refused)."""
        value = section.get(key, default)
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not low <= value <= high
        ):
            raise SettingsError(
                translate(
                    "SettingsError",
                    "{source}: network.{key} must be a number from {low} to {high}.",
                ).format(source=source, key=key, low=f"{low:g}", high=f"{high:g}")
            )
        return float(value)

    envs: dict[str, Environment] = dict(Settings().environments)
    for name, entry in table("environments").items():
        if not isinstance(entry, dict):
            raise SettingsError(
                translate(
                    "SettingsError", "{source}: [environments.{name}] must be a table."
                ).format(source=source, name=name)
            )
        url = entry.get("base_url")
        if url is not None and not isinstance(url, str):
            raise SettingsError(
                translate(
                    "SettingsError", "{source}: environments.{name}.base_url must be a string."
                ).format(source=source, name=name)
            )
        label = entry.get("label", name.capitalize())
        envs[name] = Environment(name, str(label), url or None)
    for name in ("production", "staging"):
        override = environ.get(f"SCANINBOX_{name.upper()}_URL")
        if override:
            envs[name] = Environment(name, envs[name].label, override)

    network = table("network")
    ca = network.get("ca_bundle")
    if ca is not None and not isinstance(ca, str):
        raise SettingsError(
            translate("SettingsError", "{source}: network.ca_bundle must be a path.").format(
                source=source
            )
        )
    ca_bundle = Path(ca).expanduser() if ca else None
    if ca_bundle is not None and not ca_bundle.is_file():
        raise SettingsError(
            translate("SettingsError", "{source}: the CA bundle {path} does not exist.").format(
                source=source, path=ca_bundle
            )
        )

    template = table("download").get("folder_template", DEFAULT_FOLDER_TEMPLATE)
    if not isinstance(template, str) or not template.strip():
        raise SettingsError(
            translate(
                "SettingsError", "{source}: download.folder_template must be a non-empty string."
            ).format(source=source)
        )

    background = table("qc").get("background", True)
    if not isinstance(background, bool):
        raise SettingsError(
            translate("SettingsError", "{source}: qc.background must be true or false.").format(
                source=source
            )
        )

    cache = table("cache")
    sync = table("sync")
    viewer = table("viewer")
    colours = dict(DEFAULT_JAW_COLOURS)
    for jaw in colours:
        value = viewer.get(f"{jaw}_colour")
        if value is None:
            continue
        if not isinstance(value, str) or not _COLOUR.fullmatch(value):
            raise SettingsError(
                translate(
                    "SettingsError", "{source}: viewer.{jaw}_colour must look like #rrggbb."
                ).format(source=source, jaw=jaw)
            )
        colours[jaw] = value

    return Settings(
        environments=envs,
        ca_bundle=ca_bundle,
        cache_limit_bytes=int(number(cache, "limit_gb", 5, 0.1, 1e6) * GB),  # up to a petabyte
        sync_interval_s=number(sync, "interval_s", 120, 5, 7 * 86_400),
        full_reconcile_every=int(number(sync, "full_reconcile_every", 30, 1, 1e6)),
        prefetch_days=int(number(sync, "prefetch_days", 7, 0, 36_500)),
        parallel_downloads=int(number(sync, "parallel_downloads", 3, 1, 32)),
        request_deadline_s=limit(network, "request_deadline_s", 90, 5, 3600),
        max_answer_bytes=int(limit(network, "max_answer_mb", 16, 1, 1024) * MB),
        max_download_bytes=int(limit(network, "max_download_mb", 1024, 1, 1024 * 1024) * MB),
        min_download_bytes_per_s=limit(network, "min_download_kb_per_s", 16, 0.1, 10**6) * 1024,
        download_folder_template=template,
        jaw_colours=colours,
        qc_background=background,
        lab_url=_lab_url(table("lab"), source),
        ui_language=_ui_language(table("ui"), source),
    )


def _ui_language(ui: Mapping[str, Any], source: Path) -> str | None:
    """``[ui] language``: a language code, or None for the system's."""
    language = ui.get("language", "system")
    if language not in UI_LANGUAGES:
        choices = ", ".join(f'"{c}"' for c in UI_LANGUAGES)
        raise SettingsError(
            translate("SettingsError", "{source}: ui.language must be one of {choices}.").format(
                source=source, choices=choices
            )
        )
    return None if language == "system" else str(language)


def _lab_url(lab: Mapping[str, Any], source: Path) -> str | None:
    """``[lab] url``: the hub's address (checked by ``scaninbox.lab.config`` when it is used)."""
    url = lab.get("url")
    if url is not None and not isinstance(url, str):
        raise SettingsError(
            translate("SettingsError", "{source}: lab.url must be a string.").format(source=source)
        )
    return url or None
