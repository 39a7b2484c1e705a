"""``settings.toml``: absent means defaults, values are read, mistakes are named plainly."""

from __future__ import annotations

from pathlib import Path

import pytest

from scaninbox.api.limits import NetworkLimits
from scaninbox.paths import AppPaths, app_paths
from scaninbox.settings import DEFAULT_JAW_COLOURS, Settings, SettingsError, load_settings

GIB = 1024**3


def written(text: str) -> AppPaths:
    paths = app_paths()
    paths.config_dir.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_text(text, encoding="utf-8")
    return paths


def test_without_a_file_the_defaults_hold() -> None:
    settings = load_settings(app_paths(), env={})
    assert settings.environment("production").base_url is None
    assert settings.environment("staging").label == "Staging"
    assert settings.ca_bundle is None
    assert settings.cache_limit_bytes == 5 * GIB
    assert (settings.sync_interval_s, settings.prefetch_days) == (120.0, 7)
    assert settings.jaw_colours == DEFAULT_JAW_COLOURS
    assert settings.qc_background is True


def test_values_and_environment_overrides_are_read(tmp_path: Path) -> None:
    bundle = tmp_path / "lab-ca.pem"
    bundle.write_text("-----BEGIN CERTIFICATE-----\n", encoding="utf-8")
    paths = written(
        "[environments.production]\n"
        'base_url = "https://inbox.example.com"\n'
        "[environments.lab]\n"
        'base_url = "https://lab.example.com"\n'
        'label = "Our lab"\n'
        "[network]\n"
        f"ca_bundle = {str(bundle)!r}\n"
        "[cache]\n"
        "limit_gb = 0.5\n"
        "[sync]\n"
        "interval_s = 30\n"
        "full_reconcile_every = 4\n"
        "prefetch_days = 0\n"
        "parallel_downloads = 2\n"
        "[viewer]\n"
        'lower_colour = "#102030"\n'
        "[qc]\n"
        "background = false\n"
    )
    settings = load_settings(paths, env={"SCANINBOX_STAGING_URL": "https://staging.example.com"})
    assert settings.environment("production").base_url == "https://inbox.example.com"
    assert settings.environment("staging").base_url == "https://staging.example.com"
    assert settings.environment("lab").label == "Our lab"
    assert settings.ca_bundle == bundle
    assert settings.cache_limit_bytes == GIB // 2
    assert (settings.sync_interval_s, settings.full_reconcile_every) == (30.0, 4)
    assert (settings.prefetch_days, settings.parallel_downloads) == (0, 2)
    assert settings.jaw_colours == {**DEFAULT_JAW_COLOURS, "lower": "#102030"}
    assert settings.qc_background is False


def test_network_limits_and_the_folder_template_are_read() -> None:
    paths = written(
        "[network]\n"
        "request_deadline_s = 20\n"
        "max_answer_mb = 4\n"
        "max_download_mb = 300\n"
        "min_download_kb_per_s = 64\n"
        "[download]\n"
        'folder_template = "{ref}"\n'
    )
    settings = load_settings(paths, env={})
    limits = NetworkLimits.from_settings(settings)
    assert limits.request_deadline_s == 20
    assert limits.max_answer_bytes == 4 * 1024**2
    assert limits.max_download_bytes == 300 * 1024**2
    assert limits.download_min_bytes_per_s == 64 * 1024
    assert settings.download_folder_template == "{ref}"
    defaults = NetworkLimits.from_settings(Settings())
    assert defaults == NetworkLimits()


def test_an_unknown_environment_names_the_known_ones() -> None:
    with pytest.raises(SettingsError, match="Unknown environment 'qa'; known: production, staging"):
        load_settings(app_paths(), env={}).environment("qa")


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("[cache\n", "Cannot read"),
        ("network = 5\n", r"\[network\] must be a table"),
        ("[environments]\nproduction = 1\n", r"\[environments\.production\] must be a table"),
        ("[environments.staging]\nbase_url = 7\n", "environments.staging.base_url must be"),
        ('[network]\nca_bundle = "/no/such/ca.pem"\n', "CA bundle /no/such/ca.pem does not exist"),
        ("[cache]\nlimit_gb = 0\n", "limit_gb must be a number from 0.1 to 1e\\+06, not 0"),
        ("[cache]\nlimit_gb = 1e400\n", "limit_gb must be a number from 0.1 to 1e\\+06, not inf"),
        ("[cache]\nlimit_gb = nan\n", "limit_gb must be a number from 0.1 to 1e\\+06, not nan"),
        ("[sync]\nparallel_downloads = 1e9\n", "parallel_downloads must be a number from 1 to 32"),
        ("[sync]\ninterval_s = true\n", "interval_s must be a number ≥ 5"),
        ('[sync]\nparallel_downloads = "3"\n', "parallel_downloads must be a number ≥ 1"),
        ('[viewer]\nupper_colour = "ivory"\n', r"viewer\.upper_colour must look like #rrggbb"),
        ("[network]\nrequest_deadline_s = 1e400\n", r"request_deadline_s must be a number from 5"),
        ("[network]\nmax_answer_mb = nan\n", r"max_answer_mb must be a number from 1 to 1024"),
        ("[network]\nmax_download_mb = 0\n", r"max_download_mb must be a number from 1"),
        ("[download]\nfolder_template = 3\n", r"folder_template must be a non-empty string"),
        ('[qc]\nbackground = "no"\n', r"qc\.background must be true or false"),
        ('[ui]\nlanguage = "fr"\n', r'ui\.language must be one of "system", "de", "en"'),
    ],
)
def test_a_bad_entry_is_named_with_the_file(text: str, complaint: str) -> None:
    paths = written(text)
    with pytest.raises(SettingsError, match=complaint) as caught:
        load_settings(paths, env={})
    assert str(paths.settings_file) in str(caught.value)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("", None), ('[ui]\nlanguage = "system"\n', None), ('[ui]\nlanguage = "de"\n', "de")],
)
def test_the_window_language_is_read(text: str, expected: str | None) -> None:
    assert load_settings(written(text), env={}).ui_language == expected
