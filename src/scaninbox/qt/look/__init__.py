"""How every window looks: the palette, fitting windows to the screen, shared labels and progress
bars.
"""
