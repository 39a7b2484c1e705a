"""The inbox: the case table (a thin model over the store), its filter bar and its view.

``InboxPanel`` puts the filter bar over the table; ``CaseTableModel`` is the model (see its
module docstring on windowed reads and why there is no sorting proxy).
"""

from scaninbox.qt.inbox.columns import COLUMNS, DEFAULT_ORDER, KEY_COLUMNS, Column, ColumnSpec
from scaninbox.qt.inbox.filters import DatePreset, FilterState, to_case_filter
from scaninbox.qt.inbox.filters_bar import FiltersBar
from scaninbox.qt.inbox.model import CaseTableModel
from scaninbox.qt.inbox.panel import InboxPanel
from scaninbox.qt.inbox.view import InboxView

__all__ = [
    "COLUMNS",
    "DEFAULT_ORDER",
    "KEY_COLUMNS",
    "CaseTableModel",
    "Column",
    "ColumnSpec",
    "DatePreset",
    "FilterState",
    "FiltersBar",
    "InboxPanel",
    "InboxView",
    "to_case_filter",
]
