"""The readers word their refusals through ``scaninbox.language`` only on the way out: reading a
good scan asks the language for nothing (the hot path stays as fast as before), a refused one
asks for its words."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from scaninbox import language
from scaninbox.scans import MeshError, read_mesh

from .meshfiles import TETRA_FACES, TETRA_POINTS, ascii_stl, binary_stl, obj, ply

REAL = Path("/work/shared/realscans")


class CountingEnglish(language.PlainEnglish):
    """Plain English that counts how often it is asked for a word."""

    def __init__(self) -> None:
        self.asked = 0

    def lookup(self, context: str, text: str, disambiguation: str | None, n: int) -> str | None:
        self.asked += 1
        return None

    def date_text(self, day: date, *, with_weekday: bool, with_year: bool) -> str:
        self.asked += 1
        return super().date_text(day, with_weekday=with_weekday, with_year=with_year)


@pytest.fixture
def counting() -> Iterator[CountingEnglish]:
    words = CountingEnglish()
    before = language.install(words)
    yield words
    language.install(before)


def _good_files() -> dict[str, bytes]:
    files = {
        "tetra.stl": binary_stl(TETRA_POINTS, TETRA_FACES),
        "tetra_ascii.stl": ascii_stl(TETRA_POINTS, TETRA_FACES),
        "tetra.ply": ply(TETRA_POINTS, TETRA_FACES.tolist()),
        "tetra_text.ply": ply(TETRA_POINTS, [[0, 1, 2, 3], [0, 2, 1]], fmt="ascii"),
        "tetra.obj": obj(TETRA_POINTS, TETRA_FACES),
    }
    for name in (
        "Example_01_binary.stl",
        "Example_01_vcolor_binary.ply",
        "TeethSeg_Sample_1vtp.obj",
    ):
        if (REAL / name).is_file():
            files[name] = (REAL / name).read_bytes()
    return files


def test_reading_good_scans_asks_the_language_for_nothing(counting: CountingEnglish) -> None:
    for name, data in _good_files().items():
        mesh = read_mesh(data, name=name)
        assert mesh.n_points > 0, name
    assert counting.asked == 0


def test_a_refusal_asks_the_language_for_its_words(counting: CountingEnglish) -> None:
    with pytest.raises(MeshError, match="the file is empty"):
        read_mesh(b"", name="empty.stl")
    assert counting.asked == 2  # the frame and the reason
