"""The signed-in account: its session and sync engine, connectivity, the sync presenters and
the background QC.
"""
