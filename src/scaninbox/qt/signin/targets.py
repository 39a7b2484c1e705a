"""The services the sign-in dialog offers: ``scaninbox.services``' targets, under the dialog's
names (one definition for the window and the command line)."""

from __future__ import annotations

from scaninbox.services import CUSTOM, DEMO, TargetChoice, target_choices
from scaninbox.services import Target as SignInTarget

__all__ = ["CUSTOM", "DEMO", "SignInTarget", "TargetChoice", "target_choices"]
