"""The derived search and sort keys: folding and the other spellings of names."""

from __future__ import annotations

import random
import sys
import unicodedata

from scaninbox.store.derive import fold, other_spellings


def _fold_whole_text(text: str) -> str:
    """Folding as first written: the whole text decomposed at once, marks dropped."""
    if text.isascii():
        return text.lower().strip()
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    table = str.maketrans(
        {
            "ł": "l",
            "ø": "o",
            "đ": "d",
            "ð": "d",
            "ħ": "h",
            "ı": "i",
            "þ": "th",
            "æ": "ae",
            "œ": "oe",
        }
    )
    return plain.translate(table).strip()


def test_fold_is_folding_each_character() -> None:
    # ``fold`` goes character by character through a table; that must equal decomposing the
    # whole text, for combining marks in the input, ligatures, Hangul, Greek final sigma …
    rng = random.Random(11)
    alphabet = [chr(c) for c in range(0x20, 0x3000)] + list("ﬁﬀİẞ가힣ς\u0301\u0308\u0327")
    alphabet = [c for c in alphabet if not 0xD800 <= ord(c) <= 0xDFFF]
    texts = ["Łukasz", "Οδοντιατρική", "  Ærø Straße ", "Zoë\u0301", "ǅemal", "Ⅻ ①"]
    texts += ["".join(rng.choices(alphabet, k=rng.randint(1, 12))) for _ in range(3000)]
    assert sys.maxunicode > 0x3000
    for text in texts:
        assert fold(text) == _fold_whole_text(text), text


def test_other_spellings_of_names() -> None:
    assert other_spellings("Anna Müller") == "mueller"
    assert other_spellings("Anna Mueller") == "muller"
    assert other_spellings("Åsa Jørgensen", "Dr. Jean Dupont") == "aasa joergensen"
    assert other_spellings("Straße") == ""  # ß folds to ss already: nothing else to add
    assert other_spellings("Müller", "Mueller") == "mueller muller"
    assert other_spellings("") == ""
