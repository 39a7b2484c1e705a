"""The work summary the inbox and the command line show: type (else category), count, material;
a worktype that says neither what nor which kind of work reads "Unspecified work"."""

from __future__ import annotations

from scaninbox.domain import Unit, Worktype
from scaninbox.domain.worktypes import UNSPECIFIED_WORK, work_summary


def test_type_count_and_material_grouped_in_order() -> None:
    worktypes = [
        Worktype(restoration_type="Crown", material="Zirconia", fdi="11"),
        Worktype(restoration_type="Bridge", material="PMMA", from_tooth=24, to_tooth=26),
        Worktype(restoration_type="Crown", material="Zirconia", fdi="21"),
    ]
    assert work_summary(worktypes) == "Crown ×2 · Zirconia, Bridge ×3 · PMMA"


def test_the_category_stands_in_for_a_missing_type_and_units_lend_their_material() -> None:
    worktype = Worktype(category="Removable", units=(Unit(material="Acrylic", fdi="36"),))
    assert work_summary([worktype]) == "Removable · Acrylic"


def test_work_without_type_or_category_is_unspecified() -> None:
    assert UNSPECIFIED_WORK == "Unspecified work"
    assert work_summary([Worktype()]) == "Unspecified work"
    assert work_summary([Worktype(material="Zirconia")]) == "Unspecified work · Zirconia"
    assert work_summary([Worktype(fdi="11"), Worktype(fdi="12")]) == "Unspecified work ×2"
    assert work_summary([]) == ""


def test_a_stored_summary_is_shown_as_it_is_in_english() -> None:
    from scaninbox.domain import shown_work_summary

    stored = "Crown ×2 · Zirconia, Bridge ×3 · Lithium disilicate, Unspecified work"
    assert shown_work_summary(stored) == stored
