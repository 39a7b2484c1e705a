"""The application's course: which account opens at start, the sign-in dialogs, signing out,
a session ending mid-work, and quitting.

Start-up (``start``): the window shows first; then, in the background, ``--demo`` signs in to
the built-in sandbox, ``--offline`` opens the last account's store, and otherwise the last
account opens with its remembered session (offline-first: cases show at once, the service is
contacted behind them) — or, with none, the sign-in dialog appears over the window. The 3D
stack starts loading on a worker thread at the window's first paint, beside the account's
start: the demo's sandbox runs in a process of its own (`scaninbox.demo_process`), so
what shares Python's lock with the import is only the client's own work, and a case shown
meanwhile has its missing files fetched ahead (`ViewerHost`). (With the sandbox in this process,
starting the import this early made both the first rows and the first 3D frame later. Started
earlier still — before the window is built, or as it is shown — it made the window later, and
it raced the account's own imports on the GUI thread: PySide's import hook, looking at each new
module, set off pydantic's module ``__getattr__`` mid-import, and some starts failed to open
the account. benchmarks/README.md has the figures.) Background QC waits for the first
case's full scans (`qc_hold`).

Started to look at files (``scaninbox gui FILE…``): the person wants the file. The "Local
files" window imports the 3D stack at once and shows the files; the account's modules are
imported and the account opened only once the files are shown at their best (welded, smooth,
with levels of detail) or nothing can be shown — within ``FILES_FIRST_AT_MOST_S``, after the
stack's import in any case, never beside it —, and the inbox's own viewport
is made only when the inbox shows a case (`ViewerHost.start_with_first_case`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QApplication, QMessageBox

from scaninbox.domain import format_size
from scaninbox.gui_options import GuiOptions
from scaninbox.language import translate
from scaninbox.paths import AppPaths, app_paths
from scaninbox.portal_turns import PortalTurns
from scaninbox.qt.account.file_provider import StoreFileProvider
from scaninbox.qt.look.theme import Theme, apply_theme
from scaninbox.qt.runtime import async_bridge
from scaninbox.qt.runtime.language import system_language
from scaninbox.qt.runtime.startup_trace import trace
from scaninbox.qt.shell.main_window import MainWindow
from scaninbox.qt.shell.sign_in_prompts import SignInPrompts
from scaninbox.qt.shell.ui_state import UiState
from scaninbox.qt.shell.viewer_host import ViewerHost
from scaninbox.settings import Settings, SettingsError, load_settings

if TYPE_CHECKING:
    from scaninbox.api import RetryPolicy
    from scaninbox.demo_process import DemoSandbox
    from scaninbox.qt.account.session import SessionController
    from scaninbox.qt.shell.local_files_window import LocalFilesWindow
    from scaninbox.qt.signin import SignInDialog, SignInTarget
    from scaninbox.store import SyncOptions

# GuiOptions is defined once, beside both front-ends (`scaninbox.gui_options`); named here too
# for the callers that build a controller.
__all__ = ["AppController", "GuiOptions"]

_log = logging.getLogger(__name__)

# With files to show, the account waits for their full frame at most this long: a file that
# does not come (a network share that does not answer) must not keep the inbox away. After
# it, the account still waits for the 3D stack's import to end (see the module docstring).
FILES_FIRST_AT_MOST_S = 10.0


class AppController(QObject):
    """Builds the window and runs the application's course. ``finished(exit_code)`` at the end."""

    finished = Signal(int)

    def __init__(
        self,
        options: GuiOptions,
        *,
        paths: AppPaths | None = None,
        settings: Settings | None = None,
        sync_options: SyncOptions | None = None,
        retry: RetryPolicy | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.options = options
        self.paths = paths or app_paths()
        self.settings_problem = ""
        if settings is None:
            try:
                settings = load_settings(self.paths)
            except SettingsError as exc:
                self.settings_problem = str(exc)
                settings = Settings()
        self.settings = settings
        self._sync_options = sync_options
        self._retry = retry
        self.ui_state = UiState(self.paths)
        self.provider = StoreFileProvider(on_session_expired=self._on_session_error)
        self.window = MainWindow(self.provider, self.ui_state, use_tray=options.use_tray)
        self.provider.set_connectivity(self.window.connectivity)
        self.window.pane.attachments.folder_template = self.settings.download_folder_template
        self.window.qc_background.enabled = self.settings.qc_background
        self.viewer = ViewerHost(
            self.window.pane,
            self.provider,
            axis_mapping_for=self._axis_mapping,
            jaw_colours=self.settings.jaw_colours,
            turns=self._portal_turns(),
            parent=self,
        )
        self.window.viewer = self.viewer
        self.viewer.statusMessage.connect(self.window.show_message)
        self.viewer.ready.connect(lambda: trace("3d-ready"))
        if options.load_viewer:  # background QC waits for the first case's full frame
            from scaninbox.qt.shell.qc_hold import QcAfterFirstFrame

            self.qc_hold = QcAfterFirstFrame(self.window, self.viewer, parent=self)
        self.session: SessionController | None = None  # created after the window shows
        self.prompts = SignInPrompts(
            self.window,
            self.settings,
            self.paths,
            sign_in=self._sign_in,
            reauthenticate=self._reauthenticate,
            environment=options.environment,
            base_url=options.base_url,
            parent=self,
        )
        self._connect_prompts()
        self._closing = False
        self._startup_task: asyncio.Task[None] | None = None
        self.restart_requested = False  # quit, then start again (`run_gui`): a new language
        self._offer_looks()
        window = self.window
        window.signInRequested.connect(self._on_sign_in_requested)
        window.signOutRequested.connect(lambda: self._run(self.sign_out(remove_data=False)))
        window.removeDataRequested.connect(self.confirm_remove_data)
        window.quitRequested.connect(self.quit)
        window.menus.open_files_action.triggered.connect(lambda: self.local_files().ask_and_open())
        self._local_files: LocalFilesWindow | None = None
        window.sessionExpired.connect(self._on_session_error)
        window.inbox.model.queryApplied.connect(self._on_rows)
        window.installEventFilter(self)

    def _connect_prompts(self) -> None:
        self.prompts.workOfflineRequested.connect(lambda: self._run(self._work_offline()))
        self.prompts.signOutRequested.connect(lambda: self._run(self.sign_out(remove_data=False)))
        self.prompts.removeDataConfirmed.connect(lambda: self._run(self.sign_out(remove_data=True)))
        self.prompts.dialogClosed.connect(self._on_dialog_closed)

    # ------------------------------------------------------------------ start-up

    def _portal_turns(self) -> PortalTurns:
        """The person's turns per portal, for the viewer and the QC tab alike: the QC report's
        pictures turn as the viewer does."""
        turns = PortalTurns.of(self.paths)
        self.window.pane.qc.set_turns(turns)
        return turns

    def start(self) -> None:
        """Show the window, then open an account in the background."""
        if self.options.load_viewer:
            self.viewer.prepare_window()
        self.window.show()
        if self.options.files:
            self.open_local_files(self.options.files)
        self._startup_task = self._run(self._startup(), name="start-up")

    def local_files(self) -> LocalFilesWindow:
        """The "Local files" window (made on first use)."""
        if self._local_files is None:
            from scaninbox.qt.shell.local_files_window import LocalFilesWindow

            self._local_files = LocalFilesWindow(self.settings.jaw_colours)
            self._local_files.setWindowIcon(self.window.windowIcon())
        return self._local_files

    def open_local_files(self, paths: tuple[Path, ...] | list[Path]) -> None:
        self.local_files().open_paths(list(paths))

    async def _startup(self) -> None:
        if self.options.files:
            await self._files_first()
            if self._closing:  # quit once the files were shown (`--quit-when-ready`)
                return
        # The demo service's process first: it starts while the session's modules (the client,
        # the store) load here. (Before the window it delayed the window: measured again
        # in benchmarks/README.md, also with the service at the lowest CPU priority.)
        demo = _launch_demo_service(self.paths) if self.options.demo else None
        from scaninbox.qt.account.session import SessionController

        session = SessionController(
            self.settings,
            self.provider,
            paths=self.paths,
            sync_options=self._sync_options,
            retry=self._retry,
            demo_sandbox=demo,
            parent=self,
        )
        self.session = session
        session.opened.connect(self.window.attach)
        session.closing.connect(lambda _s: self.window.detach())
        session.expired.connect(lambda _email: self.window.refresh_session_state())
        session.expired.connect(self.show_reauth)
        session.demoStopped.connect(self._on_demo_stopped)
        if self.settings_problem:
            self.window.show_error(
                translate("AppController", "The settings file was ignored: {problem}").format(
                    problem=self.settings_problem
                )
            )
        try:
            await self._open_first_account(session)
        finally:
            if not self.options.load_viewer:
                self.viewer.placeholder.setText(translate("AppController", "The 3D viewer is off."))
            elif self.options.files:
                # The files' window shows the scans; the inbox's viewport waits for a case.
                self.viewer.start_with_first_case()
            elif not self._closing:
                # Started at the first paint already, unless never painted.
                self.viewer.start()

    async def _files_first(self) -> None:
        """Wait until the files asked for at start are shown (see the module docstring)."""
        window = self.local_files()
        settled: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def on_settled() -> None:
            if not settled.done():
                settled.set_result(None)

        window.settled.connect(on_settled)
        deadline = asyncio.get_running_loop().time() + FILES_FIRST_AT_MOST_S
        try:
            await asyncio.wait_for(settled, FILES_FIRST_AT_MOST_S)
        except TimeoutError:
            _log.info("the files take long to show: the account opens beside them")
            await async_bridge.to_thread(_stack_imported)
            return
        finally:
            window.settled.disconnect(on_settled)
        # Then their welds, smooth normals and levels of detail (the viewport's "case" task):
        # the account's modules and store opened beside that working memory added to the
        # app's peak (benchmarks/README.md, memory_case.py's whole app).
        loading = window.viewport and async_bridge.running_task(window.viewport, "case")
        left = deadline - asyncio.get_running_loop().time()
        if loading and left > 0:
            await asyncio.wait({loading}, timeout=left)

    async def _open_first_account(self, session: SessionController) -> None:
        from scaninbox.qt.signin import DEMO, SignInTarget, sign_in_error_message
        from scaninbox.store import NoLocalAccountError, StoreError, resolve_account

        if self.options.demo:
            self.window.inbox.set_waiting_text(
                translate("AppController", "Starting the demo service…")
            )
            try:
                await session.sign_in(
                    SignInTarget(DEMO, translate("AppController", "Demo"), None),
                    "",
                    "",
                    remember=False,
                )
            except Exception as exc:
                self.show_sign_in(error=sign_in_error_message(exc, session.sandbox_url))
            return
        if self.options.offline:
            try:
                account = resolve_account(self.paths, environment=self.options.environment)
                await session.open_offline(account)
            except (NoLocalAccountError, StoreError) as exc:
                self.show_sign_in(error=str(exc))
            return
        try:
            opened = await session.open_remembered()
        except Exception as exc:  # a damaged store: say so, and offer to sign in
            _log.warning("the last account could not be opened: %s", exc)
            self.show_sign_in(
                error=translate(
                    "AppController", "The last account could not be opened: {error}"
                ).format(error=exc)
            )
            return
        if opened is None and self.options.files:  # came to look at files: no sign-in popup
            self.window.inbox.set_waiting_text(
                translate("AppController", "Not signed in. Use Account › Sign in… to start.")
            )
        elif opened is None:
            self.show_sign_in()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, self._on_first_paint)
            self.window.removeEventFilter(self)
        return False

    def _on_first_paint(self) -> None:
        trace("window-visible")
        if self.options.load_viewer and not self.options.files:
            # The account's modules (pydantic and the wire models among them) finish importing
            # on this thread before the 3D stack's import starts on another: the two imports
            # side by side let PySide's import hook reach into a half-imported pydantic (see
            # the module's docstring). Usually ``_startup`` has imported them already.
            import scaninbox.qt.account.session  # noqa: F401

            self.viewer.start()

    def _on_rows(self) -> None:
        if self.window.inbox.model.rowCount() > 0:
            QTimer.singleShot(0, lambda: trace("first-rows"))

    def _axis_mapping(self, source: str | None) -> str | None:
        current = self.session.current if self.session is not None else None
        if current is None or current.store.closed:
            return None
        return current.store.axis_mapping(source)

    # ------------------------------------------------------------------ dialogs

    @property
    def dialog(self) -> SignInDialog | None:
        """The sign-in dialog on screen, if any."""
        return self.prompts.dialog

    @property
    def confirmation(self) -> QMessageBox | None:
        return self.prompts.confirmation

    def show_sign_in(self, error: str = "") -> None:
        if self.session is None:
            return
        self.prompts.show_sign_in(
            self.session.last_account(),
            offline_possible=self.session.current is None,
            error=error,
        )

    def show_reauth(self, _email: str = "", *, expired: bool = True) -> None:
        current = self.session.current if self.session is not None else None
        if current is not None:
            self.prompts.show_reauth(current, expired=expired)

    def confirm_remove_data(self) -> None:
        current = self.session.current if self.session is not None else None
        if current is not None:
            self.prompts.confirm_remove_data(current)

    def _on_sign_in_requested(self) -> None:
        current = self.session.current if self.session is not None else None
        if current is None:
            self.show_sign_in()
        else:
            self.show_reauth(expired=current.expired)

    def _on_dialog_closed(self) -> None:
        if self.session is not None and self.session.current is None:
            self.window.inbox.set_waiting_text(
                translate("AppController", "Not signed in. Use Account › Sign in… to start.")
            )

    # ------------------------------------------------------------------ session work

    async def _sign_in(
        self, target: SignInTarget, email: str, password: str, remember: bool
    ) -> None:
        assert self.session is not None
        await self.session.sign_in(target, email, password, remember=remember)

    async def _reauthenticate(self, password: str, remember: bool) -> None:
        assert self.session is not None
        current = self.session.current
        if current is not None:
            current.remember = remember and not current.demo
        await self.session.reauthenticate(password)
        self.window.refresh_session_state()

    async def _work_offline(self) -> None:
        assert self.session is not None
        last = self.session.last_account()
        if last is not None:
            await self.session.open_offline(last)

    async def sign_out(self, *, remove_data: bool) -> None:
        assert self.session is not None
        freed = await self.session.sign_out(remove_data=remove_data)
        if remove_data:
            self.window.show_message(
                translate("AppController", "The local data was removed ({size}).").format(
                    size=format_size(freed)
                )
            )
        self.show_sign_in()

    def _on_demo_stopped(self, message: str) -> None:
        if not self._closing:
            self.window.show_error(message)

    def _on_session_error(self, error: BaseException) -> None:
        if self.session is not None:
            self.session.report_error(error)

    # ------------------------------------------------------------------ the end

    def quit(self, exit_code: int = 0) -> None:
        if self._closing:
            return
        self._closing = True
        self._run(self._shutdown(exit_code), name="shut down")

    async def _shutdown(self, exit_code: int) -> None:
        if self.session is None and self._startup_task is not None:
            self._startup_task.cancel()  # still waiting for the files to show: no account to open
        self.window.save_ui_state()
        self.window.qc_background.close()
        self.viewer.close()
        if self._local_files is not None:
            self._local_files.release()
            self._local_files.hide()
        self.prompts.close_all()
        try:
            if self.session is not None:
                await self.session.shutdown()
        finally:
            self.window.notifier.hide()
            self.window.hide()
            self.finished.emit(exit_code)

    def set_theme(self, theme: Theme) -> None:
        """Switch the look now and for the next start."""
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, theme)
        self.ui_state.set_text("theme", theme.value)
        self.window.inbox.model.repaint_all()

    def _offer_looks(self) -> None:
        """View › Theme and View › Language, the choices kept in ``UiState`` ticked."""
        self.window.menus.offer_themes(
            self.ui_state.text_value("theme", Theme.SYSTEM.value), self.set_theme
        )
        self.language_notice: QMessageBox | None = None
        self.language_actions = self.window.menus.offer_languages(
            self.ui_state.text_value("language", "system"), system_language(), self.set_language
        )

    def set_language(self, code: str) -> None:
        """Keep the window's choice of language (``"system"``, ``"de"``, ``"en"``) for the next
        start, and say so; the language is settled before the first widget, so it cannot change
        under an open window. "Restart now" quits cleanly and starts again."""
        if code == self.ui_state.text_value("language", "system"):
            return
        self.ui_state.set_text("language", code)
        self.ui_state.sync()
        self.language_notice = box = QMessageBox(self.window)
        box.setObjectName("languageNotice")
        box.setIcon(QMessageBox.Icon.Information)
        box.setWindowTitle(translate("AppController", "Language"))
        box.setText(
            translate(
                "AppController",
                "The new language applies the next time Scan Inbox starts.",
            )
        )
        box.setInformativeText(
            translate(
                "AppController",
                "Restart now to use it at once: Scan Inbox closes and starts again.",
            )
        )
        restart = box.addButton(
            translate("AppController", "Restart now"), QMessageBox.ButtonRole.AcceptRole
        )
        restart.setObjectName("restartNow")
        later = box.addButton(
            translate("AppController", "Later"), QMessageBox.ButtonRole.RejectRole
        )
        later.setObjectName("restartLater")
        box.setDefaultButton(later)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def answered(button: object) -> None:
            if button is restart:
                self.restart()

        box.buttonClicked.connect(answered)
        box.open()

    def restart(self) -> None:
        """Quit as usual (the store closed cleanly); ``run_gui`` then starts the app again."""
        self.restart_requested = True
        self.quit()

    def _run(self, coro: Coroutine[Any, Any, Any], *, name: str | None = None) -> asyncio.Task[Any]:
        return async_bridge.run(coro, owner=self, name=name)


def _stack_imported() -> None:
    """Return once the 3D stack is imported (worker thread): a second import waits for the
    first (`scaninbox.qt.viewer.preload_3d_stack`). Without a viewer, at once."""
    import importlib

    try:
        viewer: Any = importlib.import_module("scaninbox.qt.viewer")
        viewer.preload_3d_stack()
    except Exception as exc:  # the viewer's own start says why, in the window
        _log.info("the 3D stack is not imported: %s", exc)


def _launch_demo_service(paths: AppPaths) -> DemoSandbox | None:
    """The demo service's process, started (None when it cannot be: the session's sign-in
    tries again and says why)."""
    from scaninbox.demo_process import DemoSandbox, DemoSandboxError

    try:
        return DemoSandbox.launch(paths)
    except DemoSandboxError as exc:
        _log.warning("%s", exc)
        return None
