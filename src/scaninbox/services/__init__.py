"""What both front-ends do the same way, written once: no Qt, no argparse.

``targets`` (which service: a named environment, a custom address, the demo), ``demo`` (the
built-in sandbox's account; the sandbox itself runs as ``scaninbox.demo_process``), ``opening``
(sign in, resume, sign out, the keyring policy), and scan QC of a case's local scans
(``qc_work``) with what background QC checks and when (``qc_queue``, imported by name: it loads
the store and QC).
``scaninbox.cli`` and ``scaninbox.qt`` call these and add only their way of asking and showing.
How dates, sizes and deadlines read is ``scaninbox.domain``'s (``wording``, ``deadlines``), so
the window can use it before anything heavy is loaded.
"""

from scaninbox.services.demo import demo_login
from scaninbox.services.opening import (
    RememberedSession,
    SignedInAccount,
    adopt_typed_email_data,
    file_account,
    forget_remembered_session,
    keep_session,
    last_local_account,
    remembered_session,
    remembered_session_of,
    sign_in,
)
from scaninbox.services.targets import (
    CUSTOM,
    DEMO,
    Target,
    TargetChoice,
    TargetError,
    choose_environment,
    named_target,
    target_choices,
)

__all__ = [
    "CUSTOM",
    "DEMO",
    "RememberedSession",
    "SignedInAccount",
    "Target",
    "TargetChoice",
    "TargetError",
    "adopt_typed_email_data",
    "choose_environment",
    "demo_login",
    "file_account",
    "forget_remembered_session",
    "keep_session",
    "last_local_account",
    "named_target",
    "remembered_session",
    "remembered_session_of",
    "sign_in",
    "target_choices",
]
