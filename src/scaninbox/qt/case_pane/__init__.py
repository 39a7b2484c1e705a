"""The case pane: header, prescription, order form and attachments of one case.

The window creates a :class:`CasePane` with a :class:`~scaninbox.qt.files.CaseFileProvider` (an
adapter over the store's file cache), calls :meth:`CasePane.show_case` when the selection changes
and :meth:`CasePane.set_viewer_widget` once with the 3D viewport.
"""

from scaninbox.qt.case_pane.pane import CasePane

__all__ = ["CasePane"]
