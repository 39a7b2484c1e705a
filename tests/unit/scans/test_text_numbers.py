"""The vectorised decimal parser agrees with Python's float() (which rounds correctly)."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scaninbox.scans import MeshError
from scaninbox.scans.text_numbers import parse_decimal_tokens, whitespace_tokens


def _parse(text: str) -> np.ndarray:
    buf = np.frombuffer(text.encode("ascii"), np.uint8)
    starts, ends = whitespace_tokens(buf)
    return parse_decimal_tokens(buf, starts, ends, "numbers.txt")


def test_tokens_are_found_with_any_whitespace() -> None:
    buf = np.frombuffer(b"  a\tbb\r\n ccc d", np.uint8)
    starts, ends = whitespace_tokens(buf)
    assert [buf[s:e].tobytes() for s, e in zip(starts, ends, strict=True)] == [
        b"a",
        b"bb",
        b"ccc",
        b"d",
    ]


@pytest.mark.parametrize(
    "token",
    [
        "0",
        "-0",
        "+7",
        "12",
        "3.",
        ".5",
        "-.5",
        "1e3",
        "1E-3",
        "-2.5e+07",
        "6.02214076e23",
        "0.000123",
        "-28.2027645111084",
        "123456789012.5",
        "-0.0",
        "-1234.567890123",
    ],
)
def test_shapes_numbers_take_up_to_15_digits_are_exact(token: str) -> None:
    value = _parse(token)[0]
    assert value == float(token)
    assert np.signbit(value) == np.signbit(float(token))


@pytest.mark.parametrize(
    "token",
    ["19.392488479614258", "0.31748002142061227", "1.0000000000000002", "99999999.99999999"],
)
def test_sixteen_and_more_digits_are_within_one_ulp(token: str) -> None:
    value = _parse(token)[0]
    assert abs(value - float(token)) <= np.spacing(float(token))


def test_long_and_special_tokens_fall_back_to_float() -> None:
    values = _parse("1.00000000000000000000000001 nan -inf 1e400")
    assert values[0] == 1.0
    assert np.isnan(values[1])
    assert values[2] == -np.inf
    assert values[3] == np.inf


@pytest.mark.parametrize(
    "token", ["-", "+", ".", "1.2.3", "1e", "e5", "--1", "1x", "1e5.5", "0x10"]
)
def test_what_is_not_a_number_is_named_with_its_line(token: str) -> None:
    with pytest.raises(MeshError, match=re.escape(f"line 2: '{token}' is not a number")):
        _parse(f"1 2\n{token} 3\n")


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.floats(allow_nan=False, allow_infinity=False, width=32), min_size=1, max_size=40)
)
def test_float32_values_in_every_format_parse_to_the_same_float32(values: list[float]) -> None:
    formats = ["{!r}", "{:.9g}", "{:e}", "{:.6f}", "{:.17g}"]
    text = " ".join(f.format(v) for v in values for f in formats)
    expected = np.array([float(f.format(v)) for v in values for f in formats])
    parsed = _parse(text)
    np.testing.assert_array_equal(parsed.astype(np.float32), expected.astype(np.float32))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.floats(allow_nan=False, allow_infinity=False, min_value=-1e6, max_value=1e6),
        min_size=1,
        max_size=40,
    )
)
def test_doubles_written_in_full_are_within_one_ulp(values: list[float]) -> None:
    text = " ".join(repr(v) for v in values)
    parsed = _parse(text)
    expected = np.array([float(repr(v)) for v in values])
    assert np.all(np.abs(parsed - expected) <= np.spacing(np.abs(expected)))


@pytest.mark.parametrize("middle", [b"", b"x", b" ", b"\t\r\n"])
def test_a_large_buffer_scanned_in_two_halves_finds_every_token(middle: bytes) -> None:
    # Above the size where the scan is split in two; the cut falls in or beside a token.
    half = b"vertex -28.2027645 3.06e-3\r\n\t" * 80_000
    text = half + middle + b"solid" + middle + half
    assert len(text) > 4 << 20
    buf = np.frombuffer(text, np.uint8)
    starts, ends = whitespace_tokens(buf)
    expected = [(m.start(), m.end()) for m in re.finditer(rb"[^\x00-\x20]+", text)]
    assert list(zip(starts.tolist(), ends.tolist(), strict=True)) == expected
