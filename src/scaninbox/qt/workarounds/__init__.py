"""Workarounds of Qt's, PySide's and Qt-facing libraries' internals: ``pyside_guards`` (reference
counts of ``None``/``True``), ``qasync_loop`` (qasync's cross-thread wake-up), ``gl_surfaces``
(shiboken wrappers of pyvistaqt's GL surface) and ``qtpy_forwarders`` (qtpy's modules forwarding
to PySide6's while the 3D stack loads). Each says which version of which dependency it is
for, how to see it is still needed and when to delete it; the non-Qt ones, and the full list, are
in ``scaninbox.workarounds``.
"""
