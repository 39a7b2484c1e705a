"""How every window looks: the palette (``theme``), fitting windows to the screen
(``window_layout``), shared labels (``widgets``), the flowing layout and quiet progress bars.
"""
