"""Scan Inbox: the intra-oral scan case inbox for dental laboratories and clinics."""

from scaninbox.workarounds import leave_httpx_cli_unloaded

__all__ = ["__version__"]

__version__ = "0.1.0"

leave_httpx_cli_unloaded()  # before anything imports httpx: its command line is never run here
