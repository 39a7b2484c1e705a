"""A person's correction of how a portal's scans are oriented: half turns, never a mirror."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Turn"]


@dataclass(frozen=True, slots=True)
class Turn:
    """A person's correction of a portal's orientation: half turns only, never a mirror.

    ``upside_down`` turns the scans 180° about the front-to-back axis (teeth that pointed the
    wrong way up, left and right swap back with them); ``back_to_front`` turns them 180° about
    the vertical axis (incisors that faced backwards). Both are rotations (determinant +1).
    """

    upside_down: bool = False
    back_to_front: bool = False

    @property
    def is_none(self) -> bool:
        return not (self.upside_down or self.back_to_front)
