"""Full-text search: accents do not matter, prefixes match, every searched column is reachable,
and what a person types is never taken as FTS syntax."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from tests.unit.store.conftest import sync_pages
from tests.unit.store.factory import wire_case

from scaninbox.store.case_store import CaseStore
from scaninbox.store.connections import DB_NAME
from scaninbox.store.queries import CaseFilter, fts_query


@pytest.fixture
def searchable(store: CaseStore) -> CaseStore:
    sync_pages(
        store,
        [
            wire_case(0, first_name="Jürgen", last_name="Müller", remark="Bitte Farbe prüfen"),
            wire_case(1, first_name="Anna", last_name="Schmidt", external_id="3S-2026-0042"),
            wire_case(2, first_name="Łukasz", last_name="Wójcik", dentist="Dr. Ayşe Yılmaz"),
            wire_case(
                3,
                first_name="Eleni",
                last_name="Papadopoulou",
                clinic="Ελληνική Οδοντιατρική",
                remark="margin line unclear, please call",
                worktypes=[
                    {
                        "categoryId": "Fixed",
                        "restorationTypeId": "ImplantCrown",
                        "materialId": "LithiumDisilicate",
                        "fdi": "36",
                        "shade": "BL2",
                    }
                ],
            ),
            wire_case(4, first_name="Marie", last_name="Schmitt"),
            wire_case(5, first_name="Åsa", last_name="Jørgensen", clinic="Tandlæge Huset"),
            wire_case(
                6,
                first_name="Klaus",
                last_name="Mueller",
                worktypes=[{"categoryId": "Fixed", "restorationTypeId": "Crown", "fdi": "43"}],
            ),
        ],
    )
    return store


def _patients(store: CaseStore, text: str) -> list[str]:
    f = CaseFilter(text=text)
    rows = store.rows(f, limit=100)
    assert store.count(f) == len(rows)
    return sorted(r.patient for r in rows)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("muller", ["Jürgen Müller", "Klaus Mueller"]),  # diacritics folded
        ("MÜLLER", ["Jürgen Müller", "Klaus Mueller"]),
        ("lukasz wojcik", ["Łukasz Wójcik"]),
        ("schm", ["Anna Schmidt", "Marie Schmitt"]),  # prefix
        ("schmid", ["Anna Schmidt"]),
        ("3S-2026-0042", ["Anna Schmidt"]),  # external id kept together
        ("2026-0042", ["Anna Schmidt"]),
        ("farbe", ["Jürgen Müller"]),  # remark words
        ("margin call", ["Eleni Papadopoulou"]),
        ("yilmaz", ["Łukasz Wójcik"]),  # dentist
        ("οδοντιατρικη", ["Eleni Papadopoulou"]),  # clinic, Greek without accents
        ("implant crown", ["Eleni Papadopoulou"]),  # worktype words
        ("lithium", ["Eleni Papadopoulou"]),
        ("BL2", ["Eleni Papadopoulou"]),
        ("mueller", ["Jürgen Müller", "Klaus Mueller"]),  # the German way of writing ü
        ("müller", ["Jürgen Müller", "Klaus Mueller"]),  # and back
        ("juergen", ["Jürgen Müller"]),
        ("joergensen", ["Åsa Jørgensen"]),  # Nordic ø as oe …
        ("jorgensen", ["Åsa Jørgensen"]),  # … or as o
        ("aasa", ["Åsa Jørgensen"]),  # å as aa
        ("tandlaege", ["Åsa Jørgensen"]),  # æ as ae, in the clinic's name
        ("43", ["Klaus Mueller"]),  # a tooth number
        ("36", ["Eleni Papadopoulou"]),
        ("schmidt müller", []),  # every word must match
        ("nobody", []),
    ],
)
def test_search_finds_cases_by_what_people_type(
    searchable: CaseStore, text: str, expected: list[str]
) -> None:
    assert _patients(searchable, text) == expected


@pytest.mark.parametrize(
    "text", ['"', "AND", "schm OR", "NEAR(a b)", "a:b", "*", "-", "(", "^x", "'; DROP TABLE cases"]
)
def test_fts_syntax_in_the_text_is_taken_literally(searchable: CaseStore, text: str) -> None:
    rows = searchable.rows(CaseFilter(text=text))
    assert searchable.count(CaseFilter(text=text)) == len(rows)
    assert searchable.count() == 7  # and nothing was harmed


def test_text_without_words_does_not_filter(searchable: CaseStore) -> None:
    assert fts_query("  - ! ") is None
    assert searchable.count(CaseFilter(text=" - ")) == 7


def test_search_follows_changes_to_a_case(searchable: CaseStore) -> None:
    assert _patients(searchable, "schmitt") == ["Marie Schmitt"]  # evaluated and kept …
    searchable.upsert_case(wire_case(4, first_name="Marie", last_name="Curie"))
    assert _patients(searchable, "schmitt") == []  # … and evaluated again after the change
    assert _patients(searchable, "curie") == ["Marie Curie"]


def _index_agrees_with_the_cases(store: CaseStore) -> None:
    """FTS5's own check of the index against its external content (the ``cases`` rows); it
    raises "database disk image is malformed" when a row's text is not what is indexed."""
    with store.transaction() as tx:
        tx.execute("INSERT INTO case_search (case_search, rank) VALUES ('integrity-check', 1)")


def test_the_store_keeps_the_search_index_in_step_with_its_rows(tmp_path: Path) -> None:
    # Since schema step 3 the writes index a page at a time; no trigger does it any more.
    folder = tmp_path / "account"
    with CaseStore.open(folder) as store:
        sync_pages(store, [wire_case(i, last_name=f"Name{i}") for i in range(9)], page_size=4)
        _index_agrees_with_the_cases(store)
        changed = [wire_case(i, last_name=f"Other{i}") for i in range(0, 9, 2)]
        sync_pages(store, changed, full=False, page_size=4)  # changed cases, one page of them
        store.upsert_case(wire_case(1, remark="new remark"))
        store.upsert_case(wire_case(20, last_name="Newcomer"))
        _index_agrees_with_the_cases(store)
        assert _patients(store, "other4") == ["Anna Other4"]
        assert _patients(store, "name4") == []
        assert _patients(store, "newcomer") == ["Anna Newcomer"]
        assert store.count(CaseFilter(text="remark")) == 1
    with sqlite3.connect(folder / DB_NAME) as conn:  # as an older derivation indexed them …
        conn.execute("UPDATE cases SET patient_key = 'stale'")
        conn.execute("INSERT INTO case_search (case_search) VALUES ('rebuild')")
        conn.execute("UPDATE meta SET value = '0' WHERE key = 'derivation_version'")
    with CaseStore.open(folder) as store:  # … re-deriving rebuilds the index
        _index_agrees_with_the_cases(store)
        assert _patients(store, "other4") == ["Anna Other4"]
        assert _patients(store, "stale") == []


def test_search_combines_with_other_filters(searchable: CaseStore) -> None:
    searchable.upsert_case(wire_case(4, first_name="Marie", last_name="Schmitt", status="accepted"))
    f = CaseFilter(text="schm", statuses=frozenset({"accepted"}))
    assert [r.patient for r in searchable.rows(f)] == ["Marie Schmitt"]
    assert searchable.count(f) == 1
