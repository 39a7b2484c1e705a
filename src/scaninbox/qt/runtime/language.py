"""The window's language: Qt's translators for our catalogues and Qt's own, and ``QLocale``.

Which language: the choice made in the window (``ui.ini``'s ``language``), else
``[ui] language`` in ``settings.toml``, else the system's (Qt reads LANGUAGE, LC_ALL,
LC_MESSAGES and LANG), else English. It is settled once, before the first widget is built: a
change in the window applies from the next start, as the window says.

Our catalogues are loaded by code (``scaninbox_<area>_<code>.qm`` from
``resources/translations``) and Qt's own (``qtbase_<code>.qm``: the standard buttons, the
print and file dialogs) from Qt's translations folder. The same translators serve
``scaninbox.language.translate`` in code that knows nothing of Qt, and ``QLocale`` writes its
dates and numbers.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator, Sequence
from datetime import date
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QDate, QLibraryInfo, QLocale, QTranslator

from scaninbox import language
from scaninbox.language import AREAS, PSEUDO, PlainEnglish, catalogue_dir
from scaninbox.paths import AppPaths

__all__ = [
    "SUPPORTED",
    "QtLanguage",
    "choose_language",
    "install_language",
    "speaking",
    "system_language",
]

SUPPORTED = ("de", "en")
_log = logging.getLogger(__name__)


def system_language(ui_languages: Sequence[str] | None = None) -> str:
    """The first of the system's languages that we have, else English."""
    for name in ui_languages if ui_languages is not None else QLocale.system().uiLanguages():
        code = name.replace("_", "-").split("-")[0].lower()
        if code in SUPPORTED:
            return code
    return "en"


def choose_language(window_choice: str | None, settings_choice: str | None) -> str:
    """The window's choice, else the settings file's, else the system's (``"system"`` = none)."""
    for choice in (window_choice, settings_choice):
        if choice in SUPPORTED or choice == PSEUDO:
            return choice
    return system_language()


class QtLanguage:
    """A :class:`scaninbox.language.Language` from loaded Qt translators and a ``QLocale``."""

    def __init__(
        self,
        code: str,
        translators: Sequence[QTranslator],
        locale: QLocale,
        installed: Sequence[QTranslator] = (),
    ) -> None:
        self.code = code
        self._translators = tuple(translators)
        self._installed = tuple(installed)  # on the application, Qt's own included
        self._locale = locale
        self._english = PlainEnglish()
        # English keeps the program's own wording of dates ("12 Mar 2025", as before);
        # other languages take the locale's.
        self._own_dates = code in {"en", PSEUDO}

    @property
    def locale(self) -> QLocale:
        return self._locale

    def lookup(self, context: str, text: str, disambiguation: str | None, n: int) -> str | None:
        for translator in self._translators:
            found = translator.translate(context, text, disambiguation, n)
            if found:
                return found
        return None

    def date_text(self, day: date, *, with_weekday: bool, with_year: bool) -> str:
        if self.code == PSEUDO:  # marked as a translated text is: dates must come from here
            return (
                f"[{self._english.date_text(day, with_weekday=with_weekday, with_year=with_year)}]"
            )
        if self._own_dates:
            return self._english.date_text(day, with_weekday=with_weekday, with_year=with_year)
        pattern = "d. MMM yyyy" if with_year else "d. MMM"
        if with_weekday:
            pattern = "ddd " + pattern
        return self._locale.toString(QDate(day.year, day.month, day.day), pattern)

    def weekday_text(self, day: date) -> str:
        if self.code == PSEUDO:
            return f"[{self._english.weekday_text(day)}]"
        if self._own_dates:
            return self._english.weekday_text(day)
        return self._locale.dayName(day.isoweekday(), QLocale.FormatType.ShortFormat)

    def number_text(self, value: float, decimals: int) -> str:
        if self._own_dates:
            return self._english.number_text(value, decimals)
        return self._locale.toString(float(value), "f", decimals)

    def count_text(self, value: int) -> str:
        if self._own_dates:
            return self._english.count_text(value)
        return self._locale.toString(int(value))

    def uninstall(self) -> None:
        """Back to plain English (the tests switch languages within one application)."""
        application = QCoreApplication.instance()
        if application is not None:
            for translator in self._installed:
                application.removeTranslator(translator)
        self._installed = ()
        QLocale.setDefault(QLocale("en_GB"))
        if language.current() is self:
            language.install(language.ENGLISH)


def _qt_translation_folders() -> list[Path]:
    """Where Qt's own catalogues are: Qt's answer, then beside PySide6 (the frozen app)."""
    import PySide6

    return [
        Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)),
        Path(PySide6.__file__).resolve().parent / "Qt" / "translations",
    ]


def _load(translator: QTranslator, path: Path) -> bool:
    return path.is_file() and translator.load(str(path))


def install_language(
    code: str, *, folder: Path | None = None, app: QCoreApplication | None = None
) -> QtLanguage:
    """Load ``code``'s catalogues (from ``folder``, default ``resources/translations``) and Qt's
    own, install them on the application and as the language of ``translate``; set the
    default ``QLocale``. A missing catalogue is logged and English shows in its place."""
    source = folder or catalogue_dir()
    ours: list[QTranslator] = []
    for area in AREAS:
        translator = QTranslator()
        if _load(translator, source / f"scaninbox_{area.name}_{code}.qm"):
            ours.append(translator)
        elif code != "en":
            _log.warning("No %s catalogue for the %r language in %s", area.name, code, source)
        elif _load(translator, source / f"scaninbox_{area.name}_en.qm"):
            ours.append(translator)  # English plural forms
    qt_own: list[QTranslator] = []
    if code not in {"en", PSEUDO}:
        for qt_folder in _qt_translation_folders():
            translator = QTranslator()
            if _load(translator, qt_folder / f"qtbase_{code}.qm"):
                qt_own.append(translator)
                break
        else:
            _log.warning("Qt's own %r catalogue was not found: its dialogs stay English", code)
    application = app or QCoreApplication.instance()
    installed: list[QTranslator] = []
    if application is not None:
        for translator in (*qt_own, *ours):
            if application.installTranslator(translator):
                installed.append(translator)
    # The system's own variant when it speaks this language (de_AT, de_CH write numbers their
    # way), else the language's main one. By its name: the system locale itself names its
    # language from LANGUAGE but writes months and numbers by LC_TIME / LC_NUMERIC, so
    # LANGUAGE=de with LANG=C.UTF-8 gave "6. Dec" and "0.5" in a German window.
    wanted = QLocale("de_DE" if code == "de" else "en_GB")
    system = QLocale.system()
    locale = QLocale(system.name()) if system.language() == wanted.language() else wanted
    QLocale.setDefault(locale)
    # The QtLanguage holds the translators: it lives as long as it is the current language.
    result = QtLanguage(code, ours, locale, installed)
    language.install(result)
    return result


def start_language(paths: AppPaths, window_choice: str | None) -> QtLanguage:
    """Settle and install the language before the first widget is built (``run_gui``).

    A settings file that cannot be read is reported by the controller later and counts as
    "no choice" here.
    """
    from scaninbox.settings import SettingsError, load_settings

    try:
        settings_choice = load_settings(paths).ui_language
    except SettingsError:
        settings_choice = None
    return install_language(choose_language(window_choice, settings_choice))


@contextlib.contextmanager
def speaking(settings_choice: str | None, *, folder: Path | None = None) -> Iterator[QtLanguage]:
    """The person's language for a stretch of work outside the window — the command line
    writing a QC report or a rescan pack — and the one before back afterwards, so that the
    command line's own output (its JSON above all) stays as it was.

    ``settings_choice`` is ``[ui] language`` from ``settings.toml`` (None: the system's).
    """
    before = language.current()
    locale_before = QLocale()
    chosen = install_language(choose_language(None, settings_choice), folder=folder)
    try:
        yield chosen
    finally:
        chosen.uninstall()
        QLocale.setDefault(locale_before)
        language.install(before)
