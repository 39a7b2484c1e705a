"""The signed-in account: its session and sync engine (``session``), the engine's signals on the
GUI thread (``sync_signals``), connectivity, the store's file provider (``file_provider``) and
the background QC. No widgets: the shell's presenters show what happens here.
"""
