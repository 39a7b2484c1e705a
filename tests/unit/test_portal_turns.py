"""The per-portal Flip/Turn choices: kept in the configuration folder, read back, forgotten."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scaninbox.domain import Jaw, Turn, jaw_from_name, known_jaw
from scaninbox.portal_turns import PortalTurns


def test_a_turn_is_remembered_per_portal_and_read_by_a_new_instance(tmp_path: Path) -> None:
    PortalTurns(tmp_path).remember("iTero", Turn(upside_down=True))
    PortalTurns(tmp_path).remember("Medit Link", Turn(back_to_front=True))
    again = PortalTurns(tmp_path)
    assert again.turn_for("iTero") == Turn(upside_down=True)
    assert again.turn_for("Medit Link") == Turn(back_to_front=True)
    assert again.turn_for("3Shape TRIOS") == Turn()
    assert again.turn_for(None) == Turn()
    if os.name == "posix":
        assert (tmp_path / "portal_turns.json").stat().st_mode & 0o777 == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["portal_turns.json"]  # no temp file left


def test_no_turn_forgets_the_portal(tmp_path: Path) -> None:
    turns = PortalTurns(tmp_path)
    turns.remember("iTero", Turn(True, True))
    turns.remember("iTero", Turn())
    assert PortalTurns(tmp_path).turn_for("iTero") == Turn()
    assert "iTero" not in (tmp_path / "portal_turns.json").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "text", ["{not json", "[1, 2]", '{"portals": 3}', '{"portals": {"iTero": 1}}']
)
def test_an_unreadable_file_counts_as_no_choices(tmp_path: Path, text: str) -> None:
    (tmp_path / "portal_turns.json").write_text(text, encoding="utf-8")
    turns = PortalTurns(tmp_path)
    assert turns.turn_for("iTero") == Turn()
    turns.remember("iTero", Turn(upside_down=True))  # and is replaced by a good one
    assert PortalTurns(tmp_path).turn_for("iTero") == Turn(upside_down=True)


def test_without_a_folder_the_turns_last_for_this_run_only(tmp_path: Path) -> None:
    turns = PortalTurns(None)
    turns.remember("iTero", Turn(back_to_front=True))
    assert turns.turn_for("iTero") == Turn(back_to_front=True)
    assert PortalTurns(None).turn_for("iTero") == Turn()


def test_a_folder_that_cannot_be_written_raises_and_leaves_nothing(tmp_path: Path) -> None:
    blocker = tmp_path / "config"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    with pytest.raises(OSError, match="config"):
        PortalTurns(blocker).remember("iTero", Turn(upside_down=True))
    assert [p.name for p in tmp_path.iterdir()] == ["config"]


@pytest.mark.parametrize(
    ("name", "jaw"),
    [
        ("Case12_UpperJaw.stl", Jaw.UPPER),
        ("1234_LJ.stl", Jaw.LOWER),
        ("scan_OK.stl", Jaw.UPPER),
        ("scan_UK.ply", Jaw.LOWER),
        ("Modell oben.stl", Jaw.UPPER),
        ("Modell unten.stl", Jaw.LOWER),
        ("Unterkiefer.stl", Jaw.LOWER),
        ("BiteScan.ply", Jaw.BITE),
        ("preparation.stl", None),
        ("ljubljana.stl", None),
        ("book.stl", None),
    ],
)
def test_the_jaw_a_file_name_says(name: str, jaw: Jaw | None) -> None:
    assert jaw_from_name(name) is jaw


def test_the_role_wins_over_the_name() -> None:
    assert known_jaw(Jaw.LOWER, "upper.stl") is Jaw.LOWER
    assert known_jaw(Jaw.NONE, "upper.stl") is Jaw.UPPER
    assert known_jaw(Jaw.NONE, "scan.stl") is Jaw.NONE
    assert known_jaw(Jaw.NONE, None) is Jaw.NONE
